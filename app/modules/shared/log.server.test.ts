import { afterEach, describe, expect, it, vi } from "vitest";
import { log, logs, setLogLevel } from "./log.server.ts";

afterEach(() => {
  setLogLevel("info");
  vi.restoreAllMocks();
});

/** The lines written to stdout and stderr while `run` runs. */
function written(run: () => void): string[] {
  const lines: string[] = [];
  const record = (chunk: unknown) => {
    lines.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stdout, "write").mockImplementation(record);
  vi.spyOn(process.stderr, "write").mockImplementation(record);
  run();
  vi.restoreAllMocks();
  return lines;
}

describe("log", () => {
  it("writes from the level it is set to up, and nothing when silent", () => {
    setLogLevel("warn");
    expect(logs("info")).toBe(false);
    expect(logs("warn")).toBe(true);
    const lines = written(() => {
      log.info("hidden");
      log.warn("shown", { path: "/catalog", status: 503 });
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\S+Z WARN  shown path=\/catalog status=503\n$/);

    setLogLevel("silent");
    expect(written(() => log.error("never"))).toEqual([]);

    setLogLevel("debug");
    expect(written(() => log.debug("details"))).toHaveLength(1);
  });
});
