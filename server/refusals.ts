// Requests the server refuses before the app sees them: a short Russian page, or for /api the
// contract's JSON error object. The app renders its own refusals; these are the ones it never gets.
import http from "node:http";
import type { Duplex } from "node:stream";
import { securityHeaders } from "#app/modules/request/security-headers.ts";
import { errorTexts } from "#app/modules/shared/error-view.ts";
import { tooLargeMessage } from "#app/modules/shared/json-body.server.ts";
import { log } from "#app/modules/shared/log.server.ts";

/**
 * The largest request body the shop reads. Its forms and /api calls carry a few kilobytes;
 * a bigger body is refused (413) here, before the app parses it into memory.
 */
export const maxBodyBytes = 64 * 1024;

/** After a refusal, this much more of the refused body is read and dropped, so the client can read the answer. */
const maxDrainBytes = 8 * 1024 * 1024;

/** The methods the shop answers; the others (TRACE, CONNECT, made-up ones) are refused with 405. */
export const allowedMethods = "GET, HEAD, POST, PATCH, DELETE, OPTIONS";

export function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

function refusalPage(title: string, text: string): string {
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head>
<body><h1>${title}</h1><p>${text}</p><p><a href="/">${errorTexts.home}</a></p></body></html>
`;
}

const unreadableText = "Браузер отправил запрос, который магазин не может прочитать.";

type Refusal = { status: number; code: string; title: string; text: string; headers?: http.OutgoingHttpHeaders };

export const refusals = {
  unreadable: { status: 400, code: "bad_request", title: "Неверный запрос", text: unreadableText },
  notFound: { status: 404, code: "not_found", title: errorTexts.notFoundTitle, text: errorTexts.notFoundMessage },
  methodNotAllowed: {
    status: 405,
    code: "method_not_allowed",
    title: "Метод не поддерживается",
    text: "Магазин не принимает такие запросы.",
    headers: { Allow: allowedMethods },
  },
  foreignForm: {
    status: 403,
    code: "forbidden",
    title: "Запрос отклонён",
    text: "Эту форму можно отправить только со страниц магазина. Откройте страницу магазина заново и повторите.",
  },
  tooLarge: {
    status: 413,
    code: "too_large",
    title: tooLargeMessage,
    text: `Форма содержит больше данных, чем принимает магазин (до ${maxBodyBytes / 1024} КБ). Вернитесь назад и сократите текст.`,
  },
} satisfies Record<string, Refusal>;

/** Answers `refusal` (JSON under /api, else a page) and drops the rest of the request's body. */
export function refuse(req: http.IncomingMessage, res: http.ServerResponse, pathname: string, refusal: Refusal, api = isApiPath(pathname)): void {
  const body = api ? JSON.stringify({ error: { code: refusal.code, message: refusal.title } }) : refusalPage(refusal.title, refusal.text);
  res.writeHead(refusal.status, {
    ...refusal.headers,
    "Content-Type": api ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
  });
  res.end(body);
  dropRestOfBody(req);
}

/**
 * Reads (and drops) what the client is still sending after a refusal, so it is not cut
 * off mid-upload before it reads the answer; past maxDrainBytes the connection is closed.
 */
function dropRestOfBody(req: http.IncomingMessage) {
  let drained = 0;
  req.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > maxDrainBytes) req.socket.destroy();
  });
  req.resume();
}

/** The security headers that need no setting (HSTS needs PUBLIC_URL), for answers written to the socket by hand. */
const rawSecurityHeaders = Object.entries(securityHeaders(""))
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join("");

/**
 * For the server's "clientError": a request Node could not even parse (headers too long, broken
 * syntax) is answered in Russian, or with the JSON error object for an /api request line.
 */
export function answerUnparsable(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
  const title = status === 431 ? "Слишком длинный запрос" : "Неверный запрос";
  const api = isApiRequestLine((error as { rawPacket?: unknown }).rawPacket);
  const body = api
    ? JSON.stringify({ error: { code: status === 431 ? "headers_too_large" : status === 408 ? "timeout" : "bad_request", message: title } })
    : refusalPage(title, status === 431 ? "Адрес страницы или заголовки запроса слишком длинные." : unreadableText);
  const type = api ? "application/json; charset=utf-8" : "text/html; charset=utf-8";
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\n${rawSecurityHeaders}Connection: close\r\n\r\n${body}`,
  );
}

/** Whether the bytes Node could not parse start with a request line for /api ("POST /api/cart HTTP/1.1"). */
function isApiRequestLine(rawPacket: unknown): boolean {
  if (!Buffer.isBuffer(rawPacket)) return false;
  const target = /^[A-Z]+ (\S+)/.exec(rawPacket.toString("latin1", 0, 256))?.[1];
  return target !== undefined && isApiPath(target.split("?")[0]!);
}

/**
 * A request whose handling failed: 503 and the error logged, or, for a client that went away
 * mid-request (a body cut off, a closed tab), nothing, as that is no server error.
 */
export function answerFailure(error: unknown, req: http.IncomingMessage, res: http.ServerResponse): void {
  if (res.destroyed || (req.destroyed && !req.complete)) {
    res.destroy();
    return;
  }
  log.error("unhandled server error", { error });
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(503, { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "30" });
  res.end("Сервис временно недоступен");
}
