import { log } from "../shared/log.server.ts";
import { isDatabaseUnavailable } from "./client.server.ts";

/** One line per this many milliseconds while the database stays unreachable. */
export const OUTAGE_LOG_INTERVAL_MS = 30_000;

/**
 * While the database is down every request fails the same way; a stack trace per request
 * would bury the log (hundreds of lines a second under load). The first failure is one
 * warning, then one line per interval with the count of failed requests since the last.
 */
export function createOutageLog(write = log.warn, now = Date.now) {
  let lastLineAt = -Infinity;
  let unreported = 0;
  return {
    /** Logs a database outage in the short form; false for any other error (the caller logs it in full). */
    report(error: unknown): boolean {
      if (!isDatabaseUnavailable(error)) return false;
      unreported++;
      if (now() - lastLineAt >= OUTAGE_LOG_INTERVAL_MS) {
        const message = error instanceof Error ? error.message : String(error);
        write("database unavailable: requests answered 503", { failedRequests: unreported, lastError: message });
        lastLineAt = now();
        unreported = 0;
      }
      return true;
    },
  };
}

export const outageLog = createOutageLog();
