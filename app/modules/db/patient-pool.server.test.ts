// The pool's two waits on a real PostgreSQL server: for a connection in use, long while the database
// answers; for one when it does not, none (a TCP proxy in front of it holds every packet).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresForSuite } from "#tests/support/server.ts";
import { TcpProxy } from "#tests/support/tcp-proxy.ts";
import { isDatabaseUnavailable } from "./client.server.ts";
import { DatabaseNotAnswering, PatientPool } from "./patient-pool.server.ts";
import { firstInLineForConnections } from "./turns.server.ts";

const postgres = await postgresForSuite();

/** How long the promise took to settle, and how. */
async function timed<T>(promise: Promise<T>) {
  const started = Date.now();
  const outcome = await promise.then(
    (value) => ({ value, error: undefined }),
    (error: unknown) => ({ value: undefined, error }),
  );
  return { ...outcome, ms: Date.now() - started };
}

describe.skipIf(!postgres.available)(`a pool that waits while the database answers${postgres.skipReason}`, () => {
  const target = new URL(postgres.adminUrl);
  const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const pools: PatientPool[] = [];
  const poolThroughProxy = (options: { max: number; waitMs: number }) => {
    const url = new URL(postgres.adminUrl);
    url.port = String(proxy.port);
    const pool = new PatientPool({ connectionString: url.href, ...options, connectTimeoutMs: 1_000, query_timeout: 700, isUnavailable: isDatabaseUnavailable });
    pool.on("error", () => undefined);
    pools.push(pool);
    return pool;
  };

  beforeAll(async () => {
    await proxy.start();
  });
  afterAll(async () => {
    proxy.thaw();
    await Promise.all(pools.map((pool) => pool.end().catch(() => undefined)));
    await proxy.stop();
  });

  it("gives a request the connection that comes free after longer than a new connection may take", async () => {
    const pool = poolThroughProxy({ max: 1, waitMs: 5_000 });
    const held = await pool.connect();
    setTimeout(() => held.release(), 2_000);
    const query = await timed(pool.query("select 1 as one"));
    expect(query.error).toBeUndefined();
    expect(query.value?.rows).toEqual([{ one: 1 }]);
    // pg's Pool had one limit for both waits: this request would have failed after the connect limit (1 s).
    expect(query.ms).toBeGreaterThanOrEqual(1_900);
  });

  it("gives a connection that comes free to the work first in line (a kept page's render) before the requests that came earlier", async () => {
    const pool = poolThroughProxy({ max: 1, waitMs: 5_000 });
    const held = await pool.connect();
    const served: string[] = [];
    const ask = (name: string) => pool.query("select $1::text as name", [name]).then((result) => served.push(result.rows[0].name as string));
    const earlier = [ask("a buyer's page"), ask("another buyer's page")];
    await new Promise((resolve) => setTimeout(resolve, 50));
    const render = firstInLineForConnections(() => ask("kept page"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    held.release();
    await Promise.all([...earlier, render]);
    expect(served).toEqual(["kept page", "a buyer's page", "another buyer's page"]);
  });

  it("ends a wait for a connection after its limit with pg-pool's words, which say the database is unavailable", async () => {
    const pool = poolThroughProxy({ max: 1, waitMs: 300 });
    const held = await pool.connect();
    const waited = await timed(pool.query("select 1"));
    expect((waited.error as Error).message).toBe("timeout exceeded when trying to connect");
    expect(waited.ms).toBeGreaterThanOrEqual(290);
    held.release();
    expect((await pool.query("select 2 as two")).rows).toEqual([{ two: 2 }]);
  });

  it("calls one waiting request per connection that comes free, the others keeping their own limit", async () => {
    const pool = poolThroughProxy({ max: 1, waitMs: 1_000 });
    const held = await pool.connect();
    const earlier = timed(pool.connect());
    const later = timed(pool.connect());
    await new Promise((resolve) => setTimeout(resolve, 200));
    // A request arriving in the same tick as the free connection asks the line once more.
    held.release();
    const newcomer = timed(pool.connect());
    const first = await earlier;
    expect(first.error).toBeUndefined();
    // The one free connection is taken: nobody waits in pg-pool's own queue, out of the line's reach.
    expect(pool.waitingCount).toBe(0);
    // The second in line ran out of its 1 s from its own start, not 1 s after the connection came free.
    const second = await later;
    expect((second.error as Error).message).toBe("timeout exceeded when trying to connect");
    expect(second.ms).toBeLessThan(1_150);
    first.value!.release();
    const third = await newcomer;
    expect(third.error).toBeUndefined();
    third.value!.release();
  });

  it("answers the waiting requests at once when the database stops answering, and refuses new ones while every connection hangs", async () => {
    const pool = poolThroughProxy({ max: 2, waitMs: 20_000 });
    const [first, second] = await Promise.all([pool.connect(), pool.connect()]);
    proxy.freeze();
    // Both connections' queries hang until the client's query limit (0.7 s) ends them.
    for (const client of [first!, second!]) client.query("select 1").catch((error: Error) => client.release(error));
    const waiting = timed(pool.query("select 2"));
    const { error, ms } = await waiting;
    expect(error).toBeInstanceOf(DatabaseNotAnswering);
    expect(isDatabaseUnavailable(error)).toBe(true);
    // Told when the first query failed, not after the 20 s wait.
    expect(ms).toBeLessThan(3_000);
    expect(pool.failing).toBe(true);

    // A new request while the database still does not answer: a new connection, given up after its 1 s.
    const next = await timed(pool.query("select 3"));
    expect(isDatabaseUnavailable(next.error)).toBe(true);
    expect(next.ms).toBeLessThan(3_000);

    // Back: the next query is answered, and the pool waits again.
    proxy.thaw();
    const back = await timed(pool.query("select 4 as four"));
    expect(back.value?.rows).toEqual([{ four: 4 }]);
    expect(pool.failing).toBe(false);
  }, 20_000);

  it("refuses at once a request that would wait while the last query failed", async () => {
    const pool = poolThroughProxy({ max: 1, waitMs: 20_000 });
    const held = await pool.connect();
    proxy.freeze();
    const failed = await timed(held.query("select 1"));
    held.release(failed.error as Error);
    expect(pool.failing).toBe(true);
    // Its one connection dropped, the pool makes another: in use by this request, which hangs.
    const hanging = timed(pool.query("select 5"));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const refused = await timed(pool.query("select 6"));
    expect(refused.error).toBeInstanceOf(DatabaseNotAnswering);
    expect(refused.ms).toBeLessThan(100);
    expect(isDatabaseUnavailable((await hanging).error)).toBe(true);
    proxy.thaw();
  }, 20_000);
});
