/**
 * A catalogue file's import within the time 1C waits for an answer. 1C (and МойСклад) repeat
 * `mode=import` for the same file as long as the site answers `progress`, so a long import runs
 * in the background and each call waits for it at most one step (the exchange's setting): the
 * outcome goes to the call during which it finished, or to the next one.
 *
 * The import stays one transaction (all or nothing per file); the steps are only waiting. Its
 * state is a row of exchange_imports, so the repeat may reach another instance: that one answers
 * `progress` while the row's heartbeat is fresh and runs the import again once it is stale (the
 * instance running it died). An import this instance runs is also kept here, to be awaited.
 */
import { and, eq, lt, ne } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { exchangeImports } from "../db/schema.ts";
import { log } from "../shared/log.server.ts";
import type { CatalogImportResult } from "./catalog-import.server.ts";

const HEARTBEAT_MS = 5_000;
/** A running import not heard of for this long is taken to be lost with its instance. */
const STALE_MS = 30_000;
/** Imports one instance runs at once: one per exchange and file, and exchanges are few. */
const MAX_LOCAL_IMPORTS = 8;

export type ImportStep = { done: true; result: CatalogImportResult } | { done: false; seconds: number };

type LocalImport = { startedAt: number; run: Promise<CatalogImportResult>; result?: CatalogImportResult };
const localImports = new Map<string, LocalImport>();

export const importStepTexts = {
  running: (name: string, seconds: number) => `Загрузка ${name} идёт ${seconds} с, обмен продолжится`,
  tooMany: "Сейчас идёт слишком много загрузок каталога, повторите обмен через несколько минут",
  crashed: (name: string) => `Файл ${name} не загружен из-за ошибки на сайте, каталог не изменён: повторите обмен`,
};

/**
 * Runs `work` (the file's import) for this exchange session and file unless it is running or
 * finished already, and waits for it at most `stepMs`.
 */
export async function importInSteps(
  db: Database,
  sessionId: number,
  name: string,
  stepMs: number,
  work: () => Promise<CatalogImportResult>,
): Promise<ImportStep> {
  const key = `${sessionId}\n${name}`;
  const local = localImports.get(key);
  if (local) return waitForImport(db, sessionId, name, local, stepMs);

  const where = and(eq(exchangeImports.sessionId, sessionId), eq(exchangeImports.name, name));
  const [row] = await db.select().from(exchangeImports).where(where).limit(1);
  if (row && row.status !== "running") return { done: true, result: await takeOutcome(db, sessionId, name, row.result as CatalogImportResult) };
  if (row && Date.now() - row.heartbeatAt.getTime() < STALE_MS) return { done: false, seconds: secondsSince(row.startedAt.getTime()) };
  if (localImports.size >= MAX_LOCAL_IMPORTS) return { done: true, result: { ok: false, reason: importStepTexts.tooMany } };

  // Claim it: a new row, or a stale one taken over; another instance's claim of the same moment wins.
  const now = new Date();
  const claimed = await db
    .insert(exchangeImports)
    .values({ sessionId, name, status: "running", startedAt: now, heartbeatAt: now })
    .onConflictDoUpdate({
      target: [exchangeImports.sessionId, exchangeImports.name],
      set: { status: "running", startedAt: now, heartbeatAt: now, result: null },
      setWhere: and(eq(exchangeImports.status, "running"), lt(exchangeImports.heartbeatAt, new Date(now.getTime() - STALE_MS))),
    })
    .returning({ sessionId: exchangeImports.sessionId });
  if (claimed.length === 0) return { done: false, seconds: 0 };

  const entry: LocalImport = { startedAt: now.getTime(), run: runImport(db, sessionId, name, work) };
  localImports.set(key, entry);
  void entry.run.then((result) => {
    entry.result = result;
    localImports.delete(key);
  });
  return waitForImport(db, sessionId, name, entry, stepMs);
}

async function waitForImport(db: Database, sessionId: number, name: string, { startedAt, run, result }: LocalImport, stepMs: number): Promise<ImportStep> {
  if (result) return { done: true, result: await takeOutcome(db, sessionId, name, result) };
  // A step of 0: `progress` at once, whatever the import's pace (the embedded database may run it to the end without a timer's turn).
  if (stepMs === 0) return { done: false, seconds: secondsSince(startedAt) };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const finished = await Promise.race([
    run.then((result) => ({ result })),
    new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), stepMs);
    }),
  ]);
  clearTimeout(timer);
  if (!finished) return { done: false, seconds: secondsSince(startedAt) };
  return { done: true, result: await takeOutcome(db, sessionId, name, finished.result) };
}

/** The outcome goes to 1C once: its row goes, so the same file sent again is imported again. */
async function takeOutcome(db: Database, sessionId: number, name: string, result: CatalogImportResult): Promise<CatalogImportResult> {
  await db.delete(exchangeImports).where(and(eq(exchangeImports.sessionId, sessionId), eq(exchangeImports.name, name), ne(exchangeImports.status, "running")));
  return result;
}

/** The import itself, with its heartbeat; resolves to its outcome, recorded for whichever call asks next. */
async function runImport(db: Database, sessionId: number, name: string, work: () => Promise<CatalogImportResult>): Promise<CatalogImportResult> {
  const where = and(eq(exchangeImports.sessionId, sessionId), eq(exchangeImports.name, name));
  const heartbeat = setInterval(() => {
    db.update(exchangeImports)
      .set({ heartbeatAt: new Date() })
      .where(and(where, eq(exchangeImports.status, "running")))
      .catch(() => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let result: CatalogImportResult;
  try {
    result = await work();
  } catch (error) {
    log.error("exchange import failed", { file: name, error: error instanceof Error ? error.message : String(error) });
    result = { ok: false, reason: importStepTexts.crashed(name) };
  } finally {
    clearInterval(heartbeat);
  }
  try {
    await db
      .update(exchangeImports)
      .set({ status: result.ok ? "succeeded" : "failed", result, heartbeatAt: new Date() })
      .where(where);
  } catch (error) {
    // The caller waiting here still gets the outcome; a later call finds the row stale and imports again.
    log.error("exchange import outcome not recorded", { file: name, error: error instanceof Error ? error.message : String(error) });
  }
  return result;
}

function secondsSince(time: number): number {
  return Math.max(0, Math.round((Date.now() - time) / 1000));
}
