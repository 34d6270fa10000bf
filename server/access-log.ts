// One access-log line per request, at info, when the answer is done or the client has gone.
import type http from "node:http";
import { hostname } from "node:os";
import { log, logs } from "#app/modules/shared/log.server.ts";

/** This process among the shop's instances and server processes. */
const instance = `${hostname()}:${process.pid}`;

/**
 * Method, path, status, milliseconds and instance. The path only: a query string may carry a
 * search or a phone number, which the log has no business keeping.
 */
export function logAccess(req: http.IncomingMessage, res: http.ServerResponse): void {
  if (!logs("info")) return;
  const started = performance.now();
  const method = req.method;
  // Read now: express's mounts rewrite req.url while a handler runs.
  const path = (req.url ?? "/").split("?", 1)[0]!.slice(0, 300);
  res.once("close", () => {
    log.info("request", {
      method,
      path,
      status: res.statusCode,
      ms: Math.round(performance.now() - started),
      instance,
      ...(res.writableFinished ? {} : { aborted: true }),
    });
  });
}
