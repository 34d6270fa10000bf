import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { beforeAll, describe, expect, it } from "vitest";
import { releaseConnectionsOfFailedTransactions } from "./pool-transactions.server.ts";

/** A stand-in for pg's Pool: hands out one client whose queries fail as told, and counts releases. */
class FakePool {
  readonly queries: string[] = [];
  readonly releases: Array<Error | boolean | undefined> = [];
  failOn: RegExp | undefined;
  async connect() {
    return {
      query: async (query: string | { text: string }) => {
        const text = typeof query === "string" ? query : query.text;
        this.queries.push(text);
        if (this.failOn?.test(text)) throw Object.assign(new Error("Connection terminated unexpectedly"), { code: "ECONNRESET" });
        return { rows: [], rowCount: 0, fields: [], command: "" };
      },
      release: (error?: Error | boolean) => {
        this.releases.push(error);
      },
    };
  }
}

function database(pool: FakePool) {
  return drizzle({ client: pool as never });
}

describe("transactions on a pool", () => {
  beforeAll(() => releaseConnectionsOfFailedTransactions());

  it("give the connection back when `begin` fails (the database went away), and drop it", async () => {
    const pool = new FakePool();
    pool.failOn = /^(begin|rollback)/;
    await expect(database(pool).transaction(async () => "never")).rejects.toThrow(/Failed query: begin/);
    expect(pool.releases).toHaveLength(1);
    expect(pool.releases[0]).toBeInstanceOf(Error);
  });

  it("give it back to the pool after a commit, and after a refusal that rolled back", async () => {
    const pool = new FakePool();
    const db = database(pool);
    expect(await db.transaction(async (tx) => (await tx.execute(sql`select 1`), "done"))).toBe("done");
    await expect(db.transaction(async () => Promise.reject(new Error("Доступно только 3 шт.")))).rejects.toThrow("Доступно только 3 шт.");
    expect(pool.queries).toEqual(["begin", "select 1", "commit", "begin", "rollback"]);
    expect(pool.releases).toEqual([undefined, undefined]);
  });

  it("report the transaction's own error, not the failed rollback's, and drop the broken connection", async () => {
    const pool = new FakePool();
    pool.failOn = /^(update|rollback)/;
    await expect(database(pool).transaction((tx) => tx.execute(sql`update products set stock = 0`))).rejects.toThrow(/update products/);
    expect(pool.releases).toHaveLength(1);
    expect(pool.releases[0]).toBeInstanceOf(Error);
  });
});
