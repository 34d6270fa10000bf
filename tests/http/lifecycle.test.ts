// How the shop starts and stops as an operator runs it: a graceful stop under load,
// several instances on one database, refusing wrong settings, creating its data folder.
// Tests that start shops get a longer limit: a start takes seconds on a busy machine.
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { demoCatalogSections } from "#app/modules/seed/catalog-sections.server.ts";
import { h1Texts } from "#tests/support/html.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import { connectionRefused, waitFor } from "#tests/support/network.ts";
import {
  embeddedOnlyElsewhere,
  embeddedOnlySkipReason,
  postgresForSuite,
  repoRoot,
  runShopExpectingExit,
  startShop,
  startShopsOnOneDatabase,
} from "#tests/support/server.ts";

const postgres = await postgresForSuite();

/**
 * A request held under way on the server: the connection is opened and proven accepted by
 * a first keep-alive request (/healthz), then the request's first header lines are sent.
 * The server is now reading that request; `finish()` sends the rest and reads the answer.
 */
async function holdRequest(url: string, path: string) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let received = "";
  socket.setEncoding("latin1").on("data", (chunk: string) => (received += chunk));
  socket.on("error", () => undefined);
  const ended = new Promise<void>((resolve) => socket.once("close", () => resolve()));

  socket.write(`GET /healthz HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: keep-alive\r\n\r\n`);
  while (!/\r\n\r\n(2\r\n)?ok/.test(received)) {
    if (socket.destroyed) throw new Error(`the connection for ${path} closed during the warm-up: ${received}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  received = "";
  socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUser-Agent: Mozilla/5.0 Chrome/140\r\n`);
  return {
    destroy: () => socket.destroy(),
    async finish(): Promise<{ status: number; head: string; body: string }> {
      socket.write("Accept: text/html\r\nAccept-Encoding: identity\r\n\r\n");
      // The server closes the connection after answering, since it is stopping.
      await ended;
      const split = received.indexOf("\r\n\r\n");
      const head = received.slice(0, split);
      let raw = received.slice(split + 4);
      if (/^transfer-encoding: chunked$/im.test(head)) raw = dechunk(raw);
      const body = Buffer.from(raw, "latin1").toString("utf8");
      return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, body };
    },
  };
}

/** The body of a chunked HTTP/1.1 response (bytes as latin1 text). */
function dechunk(raw: string): string {
  let body = "";
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf("\r\n", at);
    const size = Number.parseInt(raw.slice(at, lineEnd), 16);
    if (!(size > 0)) return body;
    body += raw.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

describe("a graceful stop (SIGTERM)", () => {
  it("finishes the requests under way, refuses new connections and exits 0", async () => {
    // A long shutdown timeout: the stop must not wait for it to end.
    const shop = await startShop({ env: { SHUTDOWN_TIMEOUT_MS: "30000" } });
    const held: Array<Awaited<ReturnType<typeof holdRequest>>> = [];
    const idle = net.connect(Number(new URL(shop.url).port), "127.0.0.1");
    idle.on("error", () => undefined);
    try {
      expect((await new ShopClient(shop.url).get("/catalog/gold/rf")).status).toBe(200);

      // A browser's idle keep-alive connection must not hold the stop up.
      idle.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
      await new Promise((resolve) => idle.once("data", resolve));

      // Twenty requests under way when the signal comes. (A connection the server has not
      // yet accepted when it stops listening is reset by the kernel, so each one is proven
      // accepted first; see holdRequest.)
      const paths = Array.from({ length: 20 }, (_, index) => (index % 2 ? "/sitemap.xml" : "/catalog/gold/rf"));
      held.push(...(await Promise.all(paths.map((path) => holdRequest(shop.url, path)))));
      // Nothing outside the server shows that its parser has read the first header lines
      // (which make a connection busy rather than idle): give the bytes a moment to arrive.
      await new Promise((resolve) => setTimeout(resolve, 200));

      const signalledAt = Date.now();
      shop.kill("SIGTERM");
      // The shop stops listening at once, but keeps running for the requests under way.
      await waitFor(
        () => connectionRefused(shop.url),
        (refused) => refused,
        3_000,
        "the stopping shop refuses new connections",
      );
      expect(shop.isRunning()).toBe(true);

      const answers = await Promise.all(held.map((request) => request.finish()));
      expect(answers.map((answer, index) => `${paths[index]} ${answer.status}`)).toEqual(paths.map((path) => `${path} 200`));
      for (const [index, answer] of answers.entries()) {
        expect(answer.head, "the connection is closed after the answer").toMatch(/^connection: close$/im);
        if (paths[index] === "/sitemap.xml") expect(answer.body).toContain("/catalog/gold/rf</loc>");
        else expect(h1Texts(answer.body)).toEqual(["Золотые монеты России"]);
      }

      const code = await shop.exited;
      expect(code).toBe(0);
      expect(Date.now() - signalledAt, "exits promptly, not after SHUTDOWN_TIMEOUT_MS").toBeLessThan(15_000);
      expect(await connectionRefused(shop.url)).toBe(true);
    } finally {
      idle.destroy();
      for (const request of held) request.destroy();
      // After a failed check, do not wait for held requests: end the shop at once.
      if (shop.isRunning()) shop.kill("SIGKILL");
      await shop.stop();
    }
  }, 90_000);
});

describe.skipIf(!postgres.available)(`several instances on one PostgreSQL database${postgres.skipReason}`, () => {
  it("two instances started together both serve, and migrations and demo data are applied once", async () => {
    const { shops, databaseUrl, stop } = await startShopsOnOneDatabase(2, { adminUrl: postgres.adminUrl });
    try {
      for (const shop of shops) {
        const response = await new ShopClient(shop.url).get("/catalog/gold/rf");
        expect(response.status).toBe(200);
        expect(h1Texts(response.text)).toEqual(["Золотые монеты России"]);
      }
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const sections = await client.query<{ total: string; distinct_paths: string }>(
          "select count(*) as total, count(distinct path) as distinct_paths from catalog_sections",
        );
        expect(Number(sections.rows[0]!.total)).toBe(demoCatalogSections.length);
        expect(Number(sections.rows[0]!.distinct_paths)).toBe(demoCatalogSections.length);

        const seeds = await client.query<{ name: string }>("select name from seed_runs");
        expect(new Set(seeds.rows.map((row) => row.name)).size).toBe(seeds.rows.length);

        const migrationFiles = (await readdir(path.join(repoRoot, "app/modules/db/migrations"))).filter((file) => file.endsWith(".sql"));
        const migrations = await client.query("select hash from drizzle.__drizzle_migrations");
        expect(migrations.rows).toHaveLength(migrationFiles.length);
      } finally {
        await client.end();
      }
    } finally {
      const codes = await stop();
      expect(codes).toEqual([0, 0]);
    }
  }, 90_000);
});

describe("settings checked at start", () => {
  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ NODE_ENV: "production" }, "SESSION_SECRET"],
    [{ NODE_ENV: "production", SESSION_SECRET: "too-short" }, "SESSION_SECRET"],
    [{ DATABASE_URL: "mysql://localhost/shop" }, "DATABASE_URL"],
    [{ PUBLIC_URL: "shop.example" }, "PUBLIC_URL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
  ])("%j stops the shop with exit code 1 and a message naming %s", async (env, variable) => {
    const result = await runShopExpectingExit(env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(variable);
    expect(result.stderr).toContain("Неверные настройки окружения");
  });

  it("a port already taken stops the shop with exit code 1 and says why", async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    try {
      const port = (blocker.address() as net.AddressInfo).port;
      const result = await runShopExpectingExit({ PORT: String(port) }, 60_000);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/EADDRINUSE/);
    } finally {
      blocker.close();
    }
  }, 90_000);
});

describe.skipIf(embeddedOnlyElsewhere)(`the embedded database folder${embeddedOnlySkipReason}`, () => {
  const roots: string[] = [];
  afterAll(async () => {
    for (const root of roots) await rm(root, { recursive: true, force: true });
  });

  it("DATA_DIR that does not exist yet, several levels deep, is created", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "shop-data-"));
    roots.push(root);
    const dataDir = path.join(root, "not", "there", "yet");
    expect(existsSync(path.join(root, "not"))).toBe(false);
    const shop = await startShop({ embedded: true, empty: true, env: { DATA_DIR: dataDir } });
    try {
      expect((await new ShopClient(shop.url).get("/catalog/gold/rf")).status).toBe(200);
      expect(existsSync(dataDir)).toBe(true);
      expect(await readdir(dataDir)).toContain("pglite");
    } finally {
      expect(await shop.stop()).toBe(0);
    }
  }, 90_000);
});
