// One access-log line per request, at info, when the answer is done or the client has gone.
import type { NextFunction, Request, Response } from "express";
import { hostname } from "node:os";
import { log, logs } from "#app/modules/shared/log.server.ts";

/** This process among the shop's instances and server processes. */
const instance = `${hostname()}:${process.pid}`;

/**
 * Method, path, status, milliseconds and instance. The path only: a query string may carry a
 * search or a phone number, which the log has no business keeping.
 */
export function accessLog(req: Request, res: Response, next: NextFunction): void {
  if (logs("info")) {
    const started = performance.now();
    const method = req.method;
    const path = req.originalUrl.split("?", 1)[0]!.slice(0, 300);
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
  next();
}
