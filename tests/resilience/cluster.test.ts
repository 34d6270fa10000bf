// WEB_CONCURRENCY: on PostgreSQL the shop runs several server processes on one
// port. Both serve, a killed one is replaced while the shop keeps answering, and SIGTERM
// stops them all after their requests finish.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { browserUserAgent } from "#tests/support/http-client.ts";
import { waitFor } from "#tests/support/network.ts";
import { createTestDatabase, postgresForSuite, runShopExpectingExit, type Shop, startShop, type TestDatabase } from "#tests/support/server.ts";

const postgres = await postgresForSuite();

/** The server processes the supervisor runs now. */
function workersOf(shop: Shop): number[] {
  try {
    return execFileSync("ps", ["-o", "pid=", "--ppid", String(shop.pid)], { encoding: "utf8" })
      .split("\n")
      .map((line) => Number(line.trim()))
      .filter((pid) => pid > 0);
  } catch {
    return []; // ps exits 1 when there are none
  }
}

/** CPU time (user + system, clock ticks) a process has used, from /proc. */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

type Answer = { status: number; body: string };

/** A GET on a new connection: `answered` once the status line is in, `done` with the whole body (status 0: failed). */
function get(url: string, visitor = false): { answered: Promise<void>; done: Promise<Answer> } {
  let answeredNow = () => {};
  const answered = new Promise<void>((resolve) => (answeredNow = resolve));
  const done = new Promise<Answer>((resolve) => {
    const headers: Record<string, string> = { "User-Agent": browserUserAgent, ...(visitor ? { Cookie: `uuid=${randomUUID()}` } : {}) };
    const request = http.get(url, { agent: false, headers }, (response) => {
      answeredNow();
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      response.on("error", () => resolve({ status: 0, body }));
    });
    request.on("error", () => resolve({ status: 0, body: "" }));
  });
  return { answered, done };
}

/** Statuses of `count` requests at once, each on a new connection (0: the connection failed). */
async function statuses(url: string, count: number, visitor = false): Promise<number[]> {
  return Promise.all(Array.from({ length: count }, () => get(url, visitor).done.then((answer) => answer.status)));
}

describe.skipIf(!postgres.available)(`several server processes on one port${postgres.skipReason}`, () => {
  let database: TestDatabase | undefined;
  let shop: Shop | undefined;
  afterAll(async () => {
    await shop?.stop();
    await database?.drop();
  });

  it("both processes serve, a killed one is replaced, and SIGTERM stops them all after their requests", { timeout: 240_000 }, async () => {
    database = await createTestDatabase(postgres.adminUrl);
    shop = await startShop({ databaseUrl: database.url, env: { WEB_CONCURRENCY: "2", LOG_LEVEL: "info" } });
    const workers = await waitFor(
      async () => workersOf(shop!),
      (pids) => pids.length === 2,
      60_000,
      "two server processes",
    );
    // The second process is forked once the first listens, and serves a moment later (its database is ready first).
    await waitFor(
      async () => shop!.output(),
      (output) => (output.match(/database ready/g) ?? []).length >= 2,
      60_000,
      "the second process ready",
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    // Connections are handed round the processes: each does a share of the work.
    const before = workers.map(cpuTicks);
    // A returning visitor's pages (a cookie): rendered each time, not the shared page of decision 025.
    for (let round = 0; round < 6; round++) expect(await statuses(`${shop.url}/catalog`, 10, true)).toEqual(Array(10).fill(200));
    const used = workers.map((pid, i) => cpuTicks(pid) - before[i]!);
    const total = used[0]! + used[1]!;
    expect(total).toBeGreaterThan(0);
    for (const share of used) expect(share / total).toBeGreaterThan(0.15);

    // A process that dies is replaced; once the supervisor has seen it go, the other answers meanwhile.
    // (A connection handed to the process in the instant it dies is lost with it: node:cluster's limit.)
    process.kill(workers[0]!, "SIGKILL");
    const replacing = /Процесс сервера \d+ завершился \(сигнал SIGKILL\); запускаю новый/;
    await waitFor(
      async () => shop!.output(),
      (output) => replacing.test(output),
      30_000,
      "the supervisor to see the process die",
    );
    expect(await statuses(`${shop.url}/api/courses`, 5)).toEqual(Array(5).fill(200));
    await waitFor(
      async () => workersOf(shop!),
      (pids) => pids.length === 2 && !pids.includes(workers[0]!),
      60_000,
      "a new server process in place of the killed one",
    );
    expect(await statuses(`${shop.url}/catalog`, 10)).toEqual(Array(10).fill(200));

    // SIGTERM: pages being sent are finished whole, then every process is gone and the supervisor exits 0.
    const now = workersOf(shop);
    const inFlight = Array.from({ length: 10 }, () => get(`${shop!.url}/catalog`));
    await Promise.all(inFlight.map((request) => request.answered));
    const exitCode = await shop.stop();
    for (const answer of await Promise.all(inFlight.map((request) => request.done))) {
      expect(answer.status).toBe(200);
      expect(answer.body.trimEnd()).toMatch(/<\/html>$/);
    }
    expect(exitCode).toBe(0);
    await waitFor(
      async () => now.filter(isAlive),
      (alive) => alive.length === 0,
      10_000,
      "the server processes to exit",
    );
    shop = undefined;
  });

  it("refuses several processes on the embedded database, naming the setting", async () => {
    const { code, output } = await runShopExpectingExit({ WEB_CONCURRENCY: "2" });
    expect(code).toBe(1);
    expect(output).toContain("WEB_CONCURRENCY: больше 1 только с DATABASE_URL");
  });
});
