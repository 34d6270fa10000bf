// How the shop starts and stops as an operator runs it: a graceful stop under load,
// several instances on one database, refusing wrong settings, creating its data folder.
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { demoCatalogSections } from "#app/modules/catalog/sections.seed.server.ts";
import { h1Texts } from "#tests/support/html.ts";
import { rawRequest, ShopClient } from "#tests/support/http-client.ts";
import { postgresForSuite, repoRoot, runShopExpectingExit, startShop, startShopsOnOneDatabase } from "#tests/support/server.ts";

const postgres = await postgresForSuite();

/**
 * Opens a connection and sends a request's first header lines only, so the request is
 * under way on the server (accepted, being read) until `finish()` sends the rest.
 */
async function startSlowRequest(url: string, path: string) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let received = "";
  socket.setEncoding("latin1").on("data", (chunk: string) => (received += chunk));
  const ended = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.on("error", () => undefined);
  socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUser-Agent: Mozilla/5.0 Chrome/140\r\n`);
  return {
    async finish(): Promise<{ status: number; headers: string }> {
      socket.write("Accept: text/html\r\n\r\n");
      // The server closes the connection after answering, since it is stopping.
      await ended;
      const head = received.slice(0, received.indexOf("\r\n\r\n"));
      return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), headers: head };
    },
  };
}

function connectionRefused(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

describe("a graceful stop (SIGTERM)", () => {
  it("finishes the requests under way, refuses new connections and exits 0", async () => {
    // A long shutdown timeout: the stop must not wait for it to end.
    const shop = await startShop({ env: { SHUTDOWN_TIMEOUT_MS: "30000" } });
    try {
      const client = new ShopClient(shop.url);
      expect((await client.get("/catalog/gold/rf")).status).toBe(200);

      // A browser's idle keep-alive connection must not hold the stop up.
      const idle = net.connect(Number(new URL(shop.url).port), "127.0.0.1");
      idle.on("error", () => undefined);
      idle.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
      await new Promise((resolve) => idle.once("data", resolve));

      // Requests under way when the signal comes: two held mid-headers, twenty fired at once.
      const held = await Promise.all([startSlowRequest(shop.url, "/catalog/gold/rf"), startSlowRequest(shop.url, "/sitemap.xml")]);
      const paths = Array.from({ length: 20 }, (_, index) => (index % 2 ? "/sitemap.xml" : "/catalog/gold/rf"));
      const burst = paths.map((path) => rawRequest(shop.url + path, { headers: { "Accept-Encoding": "gzip" } }));
      await new Promise((resolve) => setTimeout(resolve, 20));
      const signalledAt = Date.now();
      shop.kill("SIGTERM");

      const answers = await Promise.allSettled(burst);
      const failures = answers.flatMap((answer, index) =>
        answer.status === "rejected" ? [`${paths[index]}: ${String(answer.reason)}`] : answer.value.status !== 200 ? [`${paths[index]}: ${answer.value.status}`] : [],
      );
      expect(failures).toEqual([]);
      for (const answer of answers) {
        if (answer.status === "fulfilled" && answer.value.headers["content-type"]?.startsWith("text/html")) {
          expect(h1Texts(answer.value.text)).toEqual(["Золотые монеты России"]);
        }
      }

      // The shop has stopped listening but still finishes what it started.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(shop.isRunning()).toBe(true);
      expect(await connectionRefused(shop.url)).toBe(true);
      const late = await Promise.all(held.map((request) => request.finish()));
      expect(late.map((response) => response.status)).toEqual([200, 200]);
      expect(late[0]!.headers).toMatch(/^connection: close$/im);

      const code = await shop.exited;
      expect(code).toBe(0);
      expect(Date.now() - signalledAt, "exits promptly, not after SHUTDOWN_TIMEOUT_MS").toBeLessThan(15_000);
      expect(await connectionRefused(shop.url)).toBe(true);
      idle.destroy();
    } finally {
      await shop.stop();
    }
  });
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
  });
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
  });
});

describe("the embedded database folder", () => {
  const roots: string[] = [];
  afterAll(async () => {
    for (const root of roots) await rm(root, { recursive: true, force: true });
  });

  it("DATA_DIR that does not exist yet, several levels deep, is created", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "shop-data-"));
    roots.push(root);
    const dataDir = path.join(root, "not", "there", "yet");
    expect(existsSync(path.join(root, "not"))).toBe(false);
    const shop = await startShop({ embedded: true, env: { DATA_DIR: dataDir } });
    try {
      expect((await new ShopClient(shop.url).get("/catalog/gold/rf")).status).toBe(200);
      expect(existsSync(dataDir)).toBe(true);
      expect(await readdir(dataDir)).toContain("pglite");
    } finally {
      expect(await shop.stop()).toBe(0);
    }
  });
});
