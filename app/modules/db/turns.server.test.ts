import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "./client.server.ts";
import { firstInLineForConnections, TakingTurns } from "./turns.server.ts";

/** The rows of an answer of `execute` (typed per driver, so unknown to the shared type). */
const firstN = (answer: unknown) => (answer as { rows: Array<{ n: number }> }).rows[0]!.n;

/** How many of `calls` had ended when the process next got to its other work (a socket read, say). */
function endedBeforeOtherWork(calls: Promise<unknown>[]): Promise<number> {
  let ended = 0;
  for (const call of calls) void call.then(() => ended++);
  return new Promise((resolve) => setImmediate(() => resolve(ended)));
}

describe("calls taking turns", () => {
  it("runs the calls one at a time in arrival order, the process doing its other work between two", async () => {
    const turns = new TakingTurns();
    const order: number[] = [];
    let running = 0;
    const calls = Array.from({ length: 20 }, (_, index) =>
      turns.run(async () => {
        running++;
        expect(running).toBe(1);
        await Promise.resolve();
        order.push(index);
        running--;
      }),
    );
    expect(await endedBeforeOtherWork(calls)).toBeLessThan(3);
    await Promise.all(calls);
    expect(order).toEqual(Array.from({ length: 20 }, (_, index) => index));
  });

  it("gives the next turn to work first in line (a kept page's render) before the calls that came earlier", async () => {
    const turns = new TakingTurns();
    const order: string[] = [];
    const call = (name: string) => turns.run(async () => void order.push(name));
    const earlier = [call("a buyer's checkout"), call("another buyer's checkout"), call("a third")];
    const render = firstInLineForConnections(() => call("kept page"));
    await Promise.all([...earlier, render]);
    expect(order).toEqual(["a buyer's checkout", "kept page", "another buyer's checkout", "a third"]);
  });

  it("passes the turn on after a call that failed", async () => {
    const turns = new TakingTurns();
    const failed = turns.run(() => Promise.reject(new Error("bad query")));
    await expect(failed).rejects.toThrow("bad query");
    expect(await turns.run(async () => "next")).toBe("next");
  });
});

describe("the embedded database's calls", () => {
  let folder: string;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), "turns-test-"));
    handle = await openDatabase({ dataDir: path.join(folder, "db"), databaseUrl: undefined, databasePoolMax: 1 });
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it("leave the process its other work between two queries of a long line", async () => {
    const queries = Array.from({ length: 200 }, (_, index) => handle.db.execute(sql`select ${index}::int as n`));
    // PGlite alone ran all 200 before the process read another socket.
    expect(await endedBeforeOtherWork(queries)).toBeLessThan(5);
    const answers = await Promise.all(queries);
    expect(answers.map(firstN)).toEqual(Array.from({ length: 200 }, (_, index) => index));
  });

  it("keep a transaction whole: a query asked for meanwhile waits for its end", async () => {
    await handle.db.execute(sql`create table if not exists turns_probe (n int)`);
    const seen: string[] = [];
    const transaction = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into turns_probe values (1)`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.execute(sql`insert into turns_probe values (2)`);
      seen.push("transaction");
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const read = handle.db.execute(sql`select count(*)::int as n from turns_probe`).then((answer) => {
      seen.push("read");
      return firstN(answer);
    });
    await transaction;
    expect(await read).toBe(2);
    expect(seen).toEqual(["transaction", "read"]);
  });
});
