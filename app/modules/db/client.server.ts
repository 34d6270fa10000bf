import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { AppConfig } from "../config/config.server.ts";
import { log } from "../shared/log.server.ts";
import { projectRoot } from "../shared/project-root.server.ts";
import { releaseConnectionsOfFailedTransactions } from "./pool-transactions.server.ts";
import { DatabaseNotAnswering, PatientPool } from "./patient-pool.server.ts";
import { TakingTurns } from "./turns.server.ts";
import * as schema from "./schema.ts";

/**
 * The database or a transaction in it: drizzle's transaction is a subclass of its database, so a
 * function that takes a `Database` runs inside the caller's transaction when handed one.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies the migrations in `folder` that this database has not seen yet. */
  migrate(folder: string): Promise<void>;
  /** Resolves when the database answers a trivial query within the time limit. */
  ping(timeoutMs?: number): Promise<void>;
  /**
   * Runs `work` while holding a lock shared by every instance of the shop on this
   * database, so that start-up migrations and seeding happen once at a time.
   */
  withExclusiveLock<T>(key: number, work: () => Promise<T>): Promise<T>;
  /**
   * Takes a lock for as long as this process wants it (a leader among instances),
   * or answers null at once when another instance holds it.
   */
  tryHoldLock(key: number): Promise<HeldLock | null>;
  close(): Promise<void>;
};

export type HeldLock = {
  /** False once the lock's connection is gone; the holder must try again. */
  readonly held: boolean;
  release(): Promise<void>;
};

/** Keys of the database-wide advisory locks; one per job that must not run twice at once. */
export const lockKeys = {
  migrateAndSeed: 7_310_001,
  quotesRefresher: 7_310_002,
  housekeeping: 7_310_003,
  notificationSender: 7_310_004,
  orderLifecycle: 7_310_005,
  receiptSender: 7_310_006,
  alertWatch: 7_310_019,
  /** Telling the subscribers of a coin whose sales opened (decision 056). */
  launchWatch: 7_310_056,
  /** The bot's long poll of getUpdates: Telegram answers one poller at a time. */
  telegramPoll: 7_310_059,
  /** One fetch of the quotes at a time: the refresher's round or a refresh asked for in /admin. */
  quotesFetch: 7_310_024,
} as const;

export function migrationsFolder(): string {
  return path.join(projectRoot(), "app/modules/db/migrations");
}

export async function openDatabase(
  config: Pick<AppConfig, "databaseUrl" | "dataDir" | "databasePoolMax"> & Partial<Pick<AppConfig, "databaseQueryTimeoutMs" | "databasePoolWaitMs">>,
): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, config.databasePoolMax, config.databaseQueryTimeoutMs ?? 15_000, config.databasePoolWaitMs ?? 20_000)
    : openPglite(path.join(config.dataDir, "pglite"));
}

/** How long making a new connection may take: a database that does not answer is said in 5 s. */
const CONNECT_TIMEOUT_MS = 5_000;

async function openPostgres(url: string, poolMax: number, queryTimeoutMs: number, poolWaitMs: number): Promise<DatabaseHandle> {
  releaseConnectionsOfFailedTransactions();
  const pool = new PatientPool({
    connectionString: url,
    max: poolMax,
    // A request waits this long for a connection in use while the database answers, not when it does not.
    waitMs: poolWaitMs,
    connectTimeoutMs: CONNECT_TIMEOUT_MS,
    isUnavailable: isDatabaseUnavailable,
    idleTimeoutMillis: 30_000,
    // A query that runs longer than this is a fault, not a slow page: the server cancels it.
    statement_timeout: queryTimeoutMs,
    // And when the network hangs (no answer, no reset), the client gives up a little later,
    // so a page answers 503 instead of waiting for ever.
    query_timeout: queryTimeoutMs + 1_000,
    // pg_stat_activity names the instance behind each connection.
    application_name: `coin-shop pid ${process.pid}`,
  });
  // An idle client losing its connection (the server restarted) must not crash the process;
  // the pool replaces it on the next query.
  pool.on("error", (error) => log.warn("postgres connection lost", { error: error.message }));
  // A client checked out of the pool (inside a transaction, between two queries) has no
  // listener of the pool's: losing its connection then would be an uncaught 'error' that
  // ends the process. The transaction's next query fails instead (a 503), and the pool
  // drops the dead client when it is released.
  pool.on("connect", (client) => {
    client.on("error", (error) => log.warn("postgres connection lost in use", { error: error.message }));
  });
  const db = drizzlePg({ client: pool, schema });
  const heldLocks = new Set<pg.Client>();

  return {
    db,
    kind: "postgres",
    migrate: (migrationsFolder) => migratePg(db, { migrationsFolder }),
    ping: (timeoutMs = 2_000) =>
      withTimeout(
        pool.query("select 1").then(() => undefined),
        timeoutMs,
      ),
    async withExclusiveLock(key, work) {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [key]);
        try {
          return await work();
        } finally {
          await client.query("select pg_advisory_unlock($1)", [key]);
        }
      } finally {
        client.release();
      }
    },
    async tryHoldLock(key) {
      // Its own connection, outside the pool: a session lock lives as long as it does.
      const client = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        query_timeout: queryTimeoutMs + 1_000,
        // Which instance holds which lock, for an operator (and a test) reading pg_locks.
        application_name: `coin-shop pid ${process.pid} lock ${key}`,
      });
      let lost = false;
      client.on("error", () => {
        lost = true;
      });
      client.on("end", () => {
        lost = true;
      });
      try {
        await client.connect();
        const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [key]);
        if (!rows[0]?.locked) {
          await client.end();
          return null;
        }
      } catch (error) {
        await client.end().catch(() => undefined);
        throw error;
      }
      heldLocks.add(client);
      return {
        get held() {
          return !lost;
        },
        async release() {
          heldLocks.delete(client);
          if (lost) return;
          await client.query("select pg_advisory_unlock($1)", [key]).catch(() => undefined);
          await client.end().catch(() => undefined);
        },
      };
    },
    async close() {
      await Promise.all([...heldLocks].map((client) => client.end().catch(() => undefined)));
      await pool.end();
    },
  };
}

/** Thrown when another process (a running shop) has the embedded database open. */
export class DatabaseBusyError extends Error {
  override name = "DatabaseBusyError";
}

/**
 * An embedded database may be open in one process only: a second one would corrupt it.
 * A pid file next to it tells an operator's command that the shop is running.
 */
function claimEmbeddedDatabase(dir: string): () => void {
  const pidFile = `${dir}.pid`;
  try {
    const pid = Number(readFileSync(pidFile, "utf8"));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new DatabaseBusyError(`Встроенная база ${dir} открыта другим процессом (pid ${pid}). Остановите магазин или укажите DATABASE_URL.`);
    }
  } catch (error) {
    if (error instanceof DatabaseBusyError) throw error;
  }
  writeFileSync(pidFile, String(process.pid));
  return () => rmSync(pidFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function openPglite(dir: string): Promise<DatabaseHandle> {
  // PGlite creates only the last folder of its path.
  mkdirSync(path.dirname(dir), { recursive: true });
  const release = claimEmbeddedDatabase(dir);
  let client: PGlite;
  try {
    // pg_trgm is a contrib extension PGlite loads only when asked (search's typo tolerance).
    client = await PGlite.create(dir, { extensions: { pg_trgm } });
  } catch (error) {
    release();
    throw error;
  }
  takeTurns(client);
  const db = drizzlePglite({ client, schema });
  // One process owns an embedded database, so a lock within the process is enough.
  const locks = new Map<number, Promise<unknown>>();
  const heldKeys = new Set<number>();

  return {
    db,
    kind: "pglite",
    migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
    ping: (timeoutMs = 2_000) =>
      withTimeout(
        client.query("select 1").then(() => undefined),
        timeoutMs,
      ),
    async withExclusiveLock(key, work) {
      const previous = locks.get(key) ?? Promise.resolve();
      const run = previous.catch(() => undefined).then(work);
      locks.set(key, run);
      try {
        return await run;
      } finally {
        if (locks.get(key) === run) locks.delete(key);
      }
    },
    async tryHoldLock(key) {
      if (heldKeys.has(key)) return null;
      heldKeys.add(key);
      return {
        get held() {
          return heldKeys.has(key);
        },
        async release() {
          heldKeys.delete(key);
        },
      };
    },
    async close() {
      await client.close();
      release();
    },
  };
}

/** The client's calls one at a time in turns that let the process read its sockets between two (TakingTurns). */
function takeTurns(client: PGlite): void {
  const turns = new TakingTurns();
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<PGlite["query"]>) => turns.run(() => query(...args))) as PGlite["query"];
  client.exec = (...args) => turns.run(() => exec(...args));
  client.transaction = ((...args: Parameters<PGlite["transaction"]>) => turns.run(() => transaction(...args))) as PGlite["transaction"];
}

/** Applies the migrations not applied yet (`folder`: another set, for a test of an upgrade). */
export async function migrateDatabase(handle: DatabaseHandle, folder: string = migrationsFolder()): Promise<void> {
  await handle.migrate(folder);
}

export async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * True when the error means the database cannot be reached, rather than a bad query. Drizzle
 * wraps the driver's error, so the causes are looked at too.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if (current instanceof DatabaseNotAnswering) return true;
    const code = (current as { code?: string }).code;
    if (typeof code === "string") {
      // Connection-level errors from node and PostgreSQL classes 08 (connection) and 57P (shutdown).
      if (["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH"].includes(code)) return true;
      if (code.startsWith("08") || code.startsWith("57P")) return true;
    }
    const message = current instanceof Error ? current.message : "";
    if (/Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|Query read timeout/i.test(message)) return true;
    // pg's client giving up on a new connection (its connectionTimeoutMillis; PatientPool sets it).
    if (message === "timeout expired") return true;
  }
  return false;
}
