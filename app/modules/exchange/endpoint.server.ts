import { inArray } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { rateLimitEvents } from "../db/schema.ts";
import { consumeRateLimit, type RateLimit } from "../rate-limit/rate-limit.server.ts";
import { writeAudit } from "../audit/audit.server.ts";
import { isZipName, sanitizeExchangeFileName } from "./file-names.ts";
import { logRefusedSignIn, startExchangeLog, updateExchangeLog } from "./log.server.ts";
import { EXCHANGE_COOKIE, type ExchangeAnswer, exchangeTexts, failure, progress, success } from "./protocol.ts";
import { checkExchangeCredentials, readExchangeSettings } from "./settings.server.ts";
import { importCatalogFile } from "./catalog-import.server.ts";
import { importInSteps, importStepTexts } from "./import-steps.server.ts";
import { saleDocument } from "./sale-document.ts";
import { applyStatusesFromOneC } from "./sale-statuses.server.ts";
import { decodeXml, readOrdersFile } from "./commerceml.server.ts";
import { markOrdersTaken, ordersToSend } from "./sale-orders.server.ts";
import {
  appendExchangeFile,
  type ExchangeSession,
  findExchangeSession,
  openExchangeSession,
  readExchangeFile,
  readExchangeToken,
  unpackExchangeArchives,
} from "./sessions.server.ts";

/** Refused sign-ins per address: 1C signs in once an exchange, so ten misses in a quarter of an hour is someone guessing. */
export const EXCHANGE_SIGN_IN_LIMIT: RateLimit = { bucket: "exchange-sign-in", limit: 10, windowMs: 15 * 60_000 };

const exchangeActor = (ip: string) => ({ staffId: null, phone: "exchange", role: "exchange", ip });

/**
 * GET or POST /1c_exchange: one call of the CommerceML 2 exchange, answered in its plain text
 * (protocol.ts). The route passes the request here; `ip` is the client's address set by server.ts.
 */
export async function answerExchange(db: Database, request: Request, ip: string): Promise<Response> {
  return toResponse(await exchangeCall(db, request, ip));
}

async function exchangeCall(db: Database, request: Request, ip: string): Promise<ExchangeAnswer> {
  if (request.method !== "GET" && request.method !== "POST") return failure(exchangeTexts.methodNotAllowed, 405, { Allow: "GET, POST" });
  const params = new URL(request.url).searchParams;
  const type = params.get("type") ?? "";
  const mode = params.get("mode") ?? "";
  if (type !== "catalog" && type !== "sale") return failure(exchangeTexts.unknownType(type));
  if (mode === "checkauth") return checkAuth(db, request, ip, type);

  const token = readExchangeToken(request);
  const session = token ? await findExchangeSession(db, token) : undefined;
  if (!session) return failure(exchangeTexts.noSession, 401);

  const answer = await sessionCall(db, request, session, type, mode, params);
  const first = answer.lines[0];
  // init answers its values (zip=…, file_limit=…) without a success line: it succeeded.
  const outcome = first === "failure" || first === "progress" ? first : "success";
  await updateExchangeLog(db, session.id, { ...answer.log, type, outcome, error: outcome === "failure" ? answer.lines[1] : undefined });
  return answer;
}

async function sessionCall(
  db: Database,
  request: Request,
  session: ExchangeSession,
  type: "catalog" | "sale",
  mode: string,
  params: URLSearchParams,
): Promise<ExchangeAnswer> {
  switch (mode) {
    case "init": {
      const settings = await readExchangeSettings(db);
      return { status: 200, lines: [`zip=${settings.zip ? "yes" : "no"}`, `file_limit=${settings.fileLimit}`] };
    }
    case "file":
      return receiveFile(db, request, session, type, params);
    case "import":
      if (type !== "catalog") return failure(exchangeTexts.unknownMode(mode));
      return importFile(db, session, params);
    case "query":
      if (type !== "sale") return failure(exchangeTexts.unknownMode(mode));
      return queryOrders(db, session);
    case "success":
      if (type !== "sale") return failure(exchangeTexts.unknownMode(mode));
      return { ...success(), log: { notes: [exchangeTexts.ordersTaken(await markOrdersTaken(db, session.id))] } };
    // 2.10 ends an exchange with mode=complete; nothing is left to do by then.
    case "complete":
      return success();
    default:
      return failure(exchangeTexts.unknownMode(mode));
  }
}

/** checkauth: HTTP Basic against the exchange's credentials; refusals are counted per address and audited. */
async function checkAuth(db: Database, request: Request, ip: string, type: string): Promise<ExchangeAnswer> {
  const challenge = { "WWW-Authenticate": 'Basic realm="1c_exchange", charset="UTF-8"' };
  const limited = await consumeRateLimit(db, EXCHANGE_SIGN_IN_LIMIT, ip);
  if (!limited.allowed) return failure(exchangeTexts.tooManyAttempts(limited.retryAfterSeconds), 429, { "Retry-After": String(limited.retryAfterSeconds) });

  const credentials = basicCredentials(request.headers.get("Authorization"));
  const settings = await readExchangeSettings(db);
  const accepted = credentials !== undefined && (await checkExchangeCredentials(settings, credentials.login, credentials.password));
  if (!accepted) {
    const reason = settings.passwordHash === null ? exchangeTexts.notConfigured : exchangeTexts.wrongCredentials;
    const login = credentials?.login.slice(0, 64) ?? "";
    await db.transaction(async (tx) => {
      await logRefusedSignIn(tx, { ip, login, reason });
      await writeAudit(tx, exchangeActor(ip), { action: "exchange.sign_in_refused", entity: `exchange:${login}`, after: { reason } });
    });
    return failure(reason, 401, challenge);
  }
  // Only refusals count towards the limit: this attempt's event goes back.
  await db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, limited.eventIds));
  const { token, session } = await openExchangeSession(db, credentials.login, ip);
  await startExchangeLog(db, { sessionId: session.id, ip, login: credentials.login, type });
  return success(EXCHANGE_COOKIE, token);
}

/** mode=file: the body appended to that file of this exchange, within file_limit. */
async function receiveFile(
  db: Database,
  request: Request,
  session: ExchangeSession,
  type: "catalog" | "sale",
  params: URLSearchParams,
): Promise<ExchangeAnswer> {
  if (request.method !== "POST") return failure(exchangeTexts.filePostOnly);
  const name = sanitizeExchangeFileName(params.get("filename"));
  if (!name) return failure(exchangeTexts.badFileName);
  const settings = await readExchangeSettings(db);
  const body = Buffer.from(await request.arrayBuffer());
  if (body.length === 0) return failure(exchangeTexts.emptyBody);
  if (body.length > settings.fileLimit) return failure(exchangeTexts.fileTooLarge(settings.fileLimit));
  const appended = await appendExchangeFile(db, session.id, name, body);
  if (!appended.ok) return failure(appended.reason);
  if (type === "sale") return applyOrdersFile(db, session, name);
  return { ...success(), log: { files: [name] } };
}

/**
 * type=sale&mode=file: 1C sends orders.xml whole (or zipped) and waits for the statuses to be
 * applied; each order is moved through the back office's rules, and what was refused is listed
 * after `success` and in the log.
 */
async function applyOrdersFile(db: Database, session: ExchangeSession, name: string): Promise<ExchangeAnswer> {
  const unpacked = await unpackExchangeArchives(db, session.id);
  if (!unpacked.ok) return failure(unpacked.reason);
  const names = isZipName(name) ? unpacked.unpacked.filter((file) => file.toLowerCase().endsWith(".xml")) : [name];
  const files = [name, ...unpacked.unpacked];
  const counts = { updated: 0, unchanged: 0, refused: 0 };
  const notes: string[] = [];
  for (const file of names) {
    const bytes = await readExchangeFile(db, session.id, file);
    const decoded = bytes ? decodeXml(bytes) : { ok: false as const, reason: exchangeTexts.fileMissing(file) };
    const read = decoded.ok ? readOrdersFile(decoded.text) : decoded;
    if (!read.ok) return { ...failure(`${file}: ${read.reason}`), log: { files } };
    const applied = await applyStatusesFromOneC(db, exchangeActor(session.ip ?? "unknown"), read.orders);
    counts.updated += applied.updated;
    counts.unchanged += applied.unchanged;
    counts.refused += applied.refused;
    notes.push(...applied.notes);
  }
  return { ...success(...notes), log: { files, counts, notes } };
}

/** mode=import: the archives unpacked (every piece has arrived by now), then the named file imported in one transaction. */
async function importFile(db: Database, session: ExchangeSession, params: URLSearchParams): Promise<ExchangeAnswer> {
  const name = sanitizeExchangeFileName(params.get("filename"));
  if (!name) return failure(exchangeTexts.badFileName);
  const unpacked = await unpackExchangeArchives(db, session.id);
  if (!unpacked.ok) return failure(unpacked.reason);
  const files = unpacked.unpacked;
  const bytes = await readExchangeFile(db, session.id, name);
  if (!bytes) return { ...failure(exchangeTexts.fileMissing(name)), log: { files } };
  const { importStepSeconds } = await readExchangeSettings(db);
  const step = await importInSteps(db, session.id, name, importStepSeconds * 1000, () =>
    importCatalogFile(db, exchangeActor(session.ip ?? "unknown"), name, bytes),
  );
  if (!step.done) return { ...progress(importStepTexts.running(name, step.seconds)), log: { files } };
  const imported = step.result;
  if (!imported.ok) return { ...failure(imported.reason), log: { files } };
  return { ...success(), log: { files, counts: imported.counts, notes: imported.notes } };
}

/** mode=query: the orders new or changed since 1C last took them, as CommerceML in the exchange's encoding. */
async function queryOrders(db: Database, session: ExchangeSession): Promise<ExchangeAnswer> {
  const settings = await readExchangeSettings(db);
  const sent = await ordersToSend(db, session.id, settings);
  const bytes = saleDocument(sent, settings.encoding);
  return {
    status: 200,
    lines: [],
    body: { bytes, contentType: `application/xml; charset=${settings.encoding}` },
    log: { files: ["orders.xml"], notes: [exchangeTexts.ordersSent(sent.length)] },
  };
}

/** The login and password of an `Authorization: Basic` header (UTF-8), or undefined. */
export function basicCredentials(header: string | null): { login: string; password: string } | undefined {
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]{1,1000})\s*$/i.exec(header) : null;
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon <= 0) return undefined;
  return { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

function toResponse(answer: ExchangeAnswer): Response {
  if (answer.body) {
    return new Response(new Uint8Array(answer.body.bytes), {
      status: answer.status,
      headers: { "Content-Type": answer.body.contentType, "X-Content-Type-Options": "nosniff", ...answer.headers },
    });
  }
  return new Response(`${answer.lines.join("\n")}\n`, {
    status: answer.status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff", ...answer.headers },
  });
}
