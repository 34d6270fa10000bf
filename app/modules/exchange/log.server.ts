import { and, count, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { exchangeLog } from "../db/schema.ts";

export type ExchangeLogRow = typeof exchangeLog.$inferSelect;

/** A log row's lists (files, errors) hold at most this many entries: 1C may send thousands of pictures. */
const MAX_LISTED = 200;

/** The log row of an exchange opened by checkauth. */
export async function startExchangeLog(db: Database, entry: { sessionId: number; ip: string; login: string; type: string }, now = new Date()): Promise<void> {
  await db
    .insert(exchangeLog)
    .values({ sessionId: entry.sessionId, ip: entry.ip, login: entry.login, type: entry.type, outcome: "success", startedAt: now, finishedAt: now });
}

/** A sign-in refused (wrong login or password, or none set): the log shows it beside the exchanges. */
export async function logRefusedSignIn(db: Database, entry: { ip: string; login: string; reason: string }, now = new Date()): Promise<void> {
  await db
    .insert(exchangeLog)
    .values({ ip: entry.ip, login: entry.login.slice(0, 64), outcome: "refused", errors: [entry.reason], startedAt: now, finishedAt: now });
}

export type ExchangeLogUpdate = {
  type?: string;
  outcome: "success" | "progress" | "failure";
  files?: string[];
  error?: string;
  /** What the log should say besides an error: goods not found, prices ignored. */
  notes?: string[];
  counts?: { created?: number; updated?: number; unchanged?: number; refused?: number };
};

/** Brings an exchange's log row up to date after one of its calls: the last outcome, the files, counts added, an error. */
export async function updateExchangeLog(db: Database, sessionId: number, update: ExchangeLogUpdate, now = new Date()): Promise<void> {
  const files = update.files ?? [];
  const errors = [...(update.notes ?? []), ...(update.error ? [update.error] : [])];
  await db
    .update(exchangeLog)
    .set({
      finishedAt: now,
      outcome: update.outcome,
      ...(update.type ? { type: update.type } : {}),
      // jsonb arrays: added to, without repeats, and cut at MAX_LISTED.
      files: sql`(select coalesce(jsonb_agg(name), '[]'::jsonb) from (select distinct name collate "C" as name from jsonb_array_elements_text(${exchangeLog.files} || ${JSON.stringify(files)}::jsonb) as name order by 1 limit ${MAX_LISTED}) as listed)`,
      errors: sql`(select coalesce(jsonb_agg(value), '[]'::jsonb) from (select value from jsonb_array_elements(${exchangeLog.errors} || ${JSON.stringify(errors)}::jsonb) limit ${MAX_LISTED}) as listed)`,
      created: sql`${exchangeLog.created} + ${update.counts?.created ?? 0}`,
      updated: sql`${exchangeLog.updated} + ${update.counts?.updated ?? 0}`,
      unchanged: sql`${exchangeLog.unchanged} + ${update.counts?.unchanged ?? 0}`,
      refused: sql`${exchangeLog.refused} + ${update.counts?.refused ?? 0}`,
    })
    .where(eq(exchangeLog.sessionId, sessionId));
}

/** The log's filter on «Обмен с 1С»: days (Moscow) from and to, inclusive, the kind, only those with errors. */
export type ExchangeLogFilter = { from?: string; to?: string; type?: "catalog" | "sale" | "refused"; withErrors?: boolean; page: number };
export const EXCHANGE_LOG_PAGE_SIZE = 50;

/** The start of a Moscow day (UTC+3, no summer time since 2014) as an instant. */
const moscowDayStart = (day: string) => new Date(`${day}T00:00:00+03:00`);

/** The exchanges the filter selects, newest first, 50 a page, and how many there are. */
export async function findExchangeLog(db: Database, filter: ExchangeLogFilter): Promise<{ rows: ExchangeLogRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.from) conditions.push(gte(exchangeLog.startedAt, moscowDayStart(filter.from)));
  if (filter.to) conditions.push(lt(exchangeLog.startedAt, new Date(moscowDayStart(filter.to).getTime() + 24 * 3600 * 1000)));
  if (filter.type === "refused") conditions.push(eq(exchangeLog.outcome, "refused"));
  else if (filter.type) conditions.push(eq(exchangeLog.type, filter.type));
  // «With errors»: a failed call, or notes (goods not found, statuses refused) on a successful one.
  if (filter.withErrors) conditions.push(sql`(${exchangeLog.outcome} in ('failure', 'refused') or jsonb_array_length(${exchangeLog.errors}) > 0)`);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [[total], rows] = await Promise.all([
    db.select({ count: count() }).from(exchangeLog).where(where),
    db
      .select()
      .from(exchangeLog)
      .where(where)
      .orderBy(desc(exchangeLog.startedAt), desc(exchangeLog.id))
      .limit(EXCHANGE_LOG_PAGE_SIZE)
      .offset((filter.page - 1) * EXCHANGE_LOG_PAGE_SIZE),
  ]);
  return { rows, total: total?.count ?? 0 };
}

/** The last exchanges, newest first. */
export async function listExchangeLog(db: Database, limit = 50): Promise<ExchangeLogRow[]> {
  return db.select().from(exchangeLog).orderBy(desc(exchangeLog.startedAt), desc(exchangeLog.id)).limit(limit);
}

/** An import from files given to `npm run exchange -- import` (a dealer who drops files instead of connecting): one log row. */
export async function logCommandImport(
  db: Database,
  entry: {
    files: string[];
    outcome: "success" | "failure";
    counts: { created: number; updated: number; unchanged: number; refused: number };
    errors: string[];
  },
  started: Date,
  now = new Date(),
): Promise<void> {
  await db.insert(exchangeLog).values({
    login: "cli",
    type: "catalog",
    outcome: entry.outcome,
    files: entry.files.slice(0, MAX_LISTED),
    ...entry.counts,
    errors: entry.errors.slice(0, MAX_LISTED),
    startedAt: started,
    finishedAt: now,
  });
}

/** One line of `npm run exchange -- log`. */
export function formatExchangeLogRow(row: ExchangeLogRow): string {
  const when = row.startedAt.toLocaleString("ru-RU", { timeZone: "Europe/Moscow" });
  const seconds = Math.round((row.finishedAt.getTime() - row.startedAt.getTime()) / 1000);
  const counts = `создано ${row.created}, обновлено ${row.updated}, без изменений ${row.unchanged}, отклонено ${row.refused}`;
  const head = [when, row.ip ?? "—", row.login || "—", row.type || "вход", outcomeLabels[row.outcome] ?? row.outcome, `${seconds} с`].join(" · ");
  return [head, row.files.length > 0 ? `  файлы: ${row.files.join(", ")}` : "", `  ${counts}`, ...row.errors.map((error) => `  ! ${error}`)]
    .filter(Boolean)
    .join("\n");
}

export const outcomeLabels: Record<string, string> = { success: "успешно", progress: "идёт", failure: "ошибка", refused: "вход отклонён" };
