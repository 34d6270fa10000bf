import { describe, expect, it } from "vitest";
import { OUTAGE_LOG_INTERVAL_MS, createOutageLog } from "./outage-log.server.ts";
import { isDatabaseUnavailable } from "./client.server.ts";

/** What drizzle throws: its own error with the driver's as the cause. */
function wrapped(cause: Error & { code?: string }) {
  return new Error("Failed query: select 1", { cause });
}

const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

describe("isDatabaseUnavailable", () => {
  it("sees a lost or refused connection behind drizzle's wrapper, but not a bad query", () => {
    expect(isDatabaseUnavailable(wrapped(refused))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" })))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error("Query read timeout")))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('relation "x" does not exist'), { code: "42P01" })))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("undefined is not a function"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

describe("the outage log", () => {
  it("writes one line per interval with the number of failed requests, and leaves other errors to the caller", () => {
    let clock = 0;
    const lines: Record<string, unknown>[] = [];
    const outage = createOutageLog(
      (_message, details) => lines.push(details!),
      () => clock,
    );

    expect(outage.report(new Error("a bug"))).toBe(false);
    for (let i = 0; i < 500; i++) {
      expect(outage.report(wrapped(refused))).toBe(true);
      clock += 100;
    }
    // 50 s of failures: a line at once and one after 30 s.
    expect(lines).toEqual([
      { failedRequests: 1, lastError: "Failed query: select 1" },
      { failedRequests: OUTAGE_LOG_INTERVAL_MS / 100, lastError: "Failed query: select 1" },
    ]);
  });
});
