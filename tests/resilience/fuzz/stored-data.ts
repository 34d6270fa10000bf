// The suite's view of what the shop has stored, while it runs: SQL on its PostgreSQL
// database, or, on the embedded database (one process only), through the probe loaded
// into the shop's process (pglite-probe.ts). And a cheap fingerprint of every table a
// request could change, to tell whether a refused request changed anything.
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import type { Shop } from "#tests/support/server.ts";

export type StoredData = {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
};

const probeFile = path.join(path.dirname(fileURLToPath(import.meta.url)), "pglite-probe.ts");

/** Environment for startShop: on the embedded database the shop loads the probe. */
export function storedDataEnv(embedded: boolean): Record<string, string> {
  return embedded ? { NODE_OPTIONS: `--import=${probeFile}` } : {};
}

export async function connectStoredData(shop: Shop): Promise<StoredData> {
  if (shop.databaseUrl) {
    const client = new pg.Client({ connectionString: shop.databaseUrl });
    await client.connect();
    return {
      async query<T>(sql: string, params: unknown[] = []) {
        return (await client.query(sql, params)).rows as T[];
      },
      close: () => client.end(),
    };
  }
  const match = /pglite probe: (http:\/\/\S+)/.exec(shop.output());
  if (!match) throw new Error(`The shop runs on PGlite but its probe did not start. Output:\n${shop.output()}`);
  const url = match[1]!;
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      const response = await fetch(url, { method: "POST", body: JSON.stringify({ sql, params }) });
      const answer = (await response.json()) as { rows?: T[]; error?: string };
      if (!response.ok || !answer.rows) throw new Error(`probe: ${answer.error ?? response.status} in ${sql}`);
      return answer.rows;
    },
    async close() {},
  };
}

/**
 * The tables a request of a buyer or of staff can change, each with the columns left out of its
 * fingerprint and why. Whole tables left out: rate_limit_events (it counts attempts, the
 * refused ones included: that is its job), quote_readings (the quotes refresher's, on
 * its own timer) and the content tables (only operator commands write them).
 *
 * Sessions have no "last seen" column: nothing in a stored row changes merely because a
 * request was made, so no other column needs leaving out.
 */
export const fingerprintedTables: Record<string, string[]> = {
  users: [],
  sessions: [],
  list_items: [],
  checkout_drafts: [],
  orders: [],
  order_lines: [],
  // checked_at only throttles how often /thanks asks the provider.
  payments: ["checked_at"],
  sandbox_payments: [],
  refunds: [],
  // The search vector is derived from the other columns.
  products: ["search"],
  // A wrong code counts a try (attempts) and enough of them void the code (closed_at):
  // refusals that must be written, or guessing would be free.
  sms_codes: ["attempts", "closed_at"],
  buyback_requests: [],
  shop_settings: [],
  order_events: [],
  // The sender's bookkeeping (tries, times) changes on its own timer; what was written is the message.
  notifications: ["status", "attempts", "next_attempt_at", "taken_at", "sent_at", "last_error"],
  // The back office: its people, their sessions, what they did and wrote on orders.
  staff: [],
  staff_sessions: [],
  audit_log: [],
  // Office pickup: a booking is written with its order; holidays by the back office.
  pickup_bookings: [],
  pickup_holidays: [],
  order_notes: [],
  buyback_events: [],
  // The buyers' Telegram chats and the deep links' one-time tokens.
  telegram_links: [],
  telegram_link_tokens: [],
  return_requests: [],
  // The receipt sender's bookkeeping changes on its own timer, like the notifications'.
  receipts: ["status", "attempts", "next_attempt_at", "taken_at", "last_error", "provider_receipt_id", "updated_at"],
};

export type TableName = keyof typeof fingerprintedTables;
export type Fingerprint = Record<string, string>;

/** One statement: an md5 over the rows of every fingerprinted table (rows sorted by their text). */
const fingerprintSql = `select ${Object.entries(fingerprintedTables)
  .map(([table, excluded]) => {
    const row = `(to_jsonb(t)${excluded.map((column) => ` - '${column}'`).join("")})::text`;
    return `(select count(*) || ':' || md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) from ${table} t) as ${table}`;
  })
  .join(",\n  ")}`;

export async function fingerprint(stored: StoredData): Promise<Fingerprint> {
  const [row] = await stored.query<Fingerprint>(fingerprintSql);
  return row!;
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys(fingerprintedTables).filter((table) => before[table] !== after[table]);
}
