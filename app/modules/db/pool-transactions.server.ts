import { type SQL, sql } from "drizzle-orm";
import { NodePgSession, NodePgTransaction } from "drizzle-orm/node-postgres";
import type { PgTransactionConfig } from "drizzle-orm/pg-core";

type PoolClient = { release(error?: Error | boolean): void };
type SessionInternals = {
  client: { connect(): Promise<PoolClient> };
  dialect: unknown;
  schema: unknown;
  options: unknown;
};
type Work = (tx: NodePgTransaction<Record<string, unknown>, never>) => Promise<unknown>;

let installed = false;

/**
 * drizzle-orm 0.45 runs a pool transaction's `begin` outside its try/finally: when `begin`
 * fails (the database went away, or a query hit its time limit) the connection is never
 * given back. After DATABASE_POOL_MAX such failures every page waits for a connection that
 * never comes, and stopping the shop waits for them for ever. This replaces that method
 * with the same steps, except that the connection is always given back, and dropped from
 * the pool when it cannot even roll back (it is broken or hung). The caller sees the
 * transaction's own error rather than the rollback's, so an outage is still recognised.
 */
export function releaseConnectionsOfFailedTransactions(): void {
  if (installed) return;
  installed = true;
  const prototype = NodePgSession.prototype as unknown as { transaction(work: Work, config?: PgTransactionConfig): Promise<unknown> };
  const original = prototype.transaction;
  prototype.transaction = async function (this: SessionInternals, work: Work, config?: PgTransactionConfig) {
    const pool = this.client;
    if (!isPool(pool)) return original.call(this, work, config);
    const client = await pool.connect();
    const Session = NodePgSession as unknown as new (...args: unknown[]) => unknown;
    const Transaction = NodePgTransaction as unknown as new (...args: unknown[]) => NodePgTransaction<Record<string, unknown>, never>;
    const session = new Session(client, this.dialect, this.schema, this.options);
    const tx = new Transaction(this.dialect, session, this.schema);
    let broken: Error | undefined;
    try {
      const options = config ? (tx as unknown as { getTransactionConfigSQL(config: PgTransactionConfig): SQL }).getTransactionConfigSQL(config) : undefined;
      await tx.execute(sql`begin${options ? sql` ${options}` : undefined}`);
      const result = await work(tx);
      await tx.execute(sql`commit`);
      return result;
    } catch (error) {
      try {
        await tx.execute(sql`rollback`);
      } catch (rollbackError) {
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      }
      throw error;
    } finally {
      client.release(broken);
    }
  };
}

/** The same test drizzle makes: a pg Pool (or a subclass), not a single client. */
function isPool(client: unknown): client is { connect(): Promise<PoolClient> } {
  return !!client && typeof client === "object" && Object.getPrototypeOf(client).constructor.name.includes("Pool");
}
