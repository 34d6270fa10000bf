/**
 * Invalidation of the cached reads (read-cache.ts) across processes. The operator's
 * commands run as processes of their own and several shop instances may share one
 * PostgreSQL server, so a change is announced with NOTIFY, inside the writing transaction
 * (PostgreSQL delivers it at commit, and never for a rolled-back one), and every running
 * shop LISTENs and drops its cached reads of that data at once.
 *
 * The entries' short lifetime remains the safety net: while the listening connection is
 * down (a database restart) a change shows when the entries expire. The embedded database
 * is open in one process only, so there is nobody else to tell.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Database } from "./client.server.ts";
import { log } from "../shared/log.server.ts";
import { invalidateReads, readTags as tags, type ReadTag } from "../shared/read-cache.ts";

export const READ_CHANGES_CHANNEL = "shop_reads_changed";
const reconnectDelayMs = 5_000;

/**
 * Says that a tag's data changed: to other processes through NOTIFY (call it inside the
 * transaction that changes the data) and, once committed, to this process's own cache
 * (call `invalidateReads` after the commit; see `changedReads`).
 */
export async function announceReadsChanged(db: Database, tag: ReadTag): Promise<void> {
  await db.execute(sql`select pg_notify(${READ_CHANGES_CHANNEL}, ${tag})`);
}

/** For a change made outside a transaction: announces it and drops this process's entries. */
export async function changedReads(db: Database, tag: ReadTag): Promise<void> {
  await announceReadsChanged(db, tag);
  invalidateReads(tag);
}

export type ReadChangesListener = {
  /** Settles after the first attempt to listen, whether it worked or not. */
  ready: Promise<void>;
  stop(): Promise<void>;
};

/**
 * Listens for other processes' changes on PostgreSQL, reconnecting after a lost
 * connection (and dropping every cached read then, as changes may have been missed).
 */
export function listenForReadChanges(databaseUrl: string): ReadChangesListener {
  let stopped = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;

  const dropAll = () => {
    for (const tag of tags) invalidateReads(tag);
  };

  const retry = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, reconnectDelayMs);
    timer.unref();
  };

  async function connect(): Promise<void> {
    const current = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
    client = current;
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (stopped) return;
      log.warn("read-cache listener lost its connection; cached reads expire on their own until it is back", { error: error?.message });
      dropAll();
      current.end().catch(() => undefined);
      retry();
    };
    current.on("error", onLost);
    current.on("end", () => onLost());
    current.on("notification", (message) => {
      if (message.channel !== READ_CHANGES_CHANNEL) return;
      const tag = tags.find((known) => known === message.payload);
      if (tag) invalidateReads(tag);
    });
    try {
      await current.connect();
      await current.query(`listen ${READ_CHANGES_CHANNEL}`);
      // Whatever changed while nobody listened is dropped too.
      dropAll();
    } catch (error) {
      onLost(error as Error);
    }
  }

  return {
    ready: connect(),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}
