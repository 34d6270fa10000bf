// A shop on a fresh PostgreSQL database reached through a TcpProxy, so that a suite can
// cut, slow or hang the database under it and still read the database directly.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { createTestDatabase, type Shop, startShop, type TestDatabase } from "#tests/support/server.ts";
import { TcpProxy } from "#tests/support/tcp-proxy.ts";

export type ProxiedShop = {
  shop: Shop;
  proxy: TcpProxy;
  database: TestDatabase;
  /** Runs one query on the database directly, past the proxy. */
  query<Row extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<Row[]>;
  /** Stops the shop (SIGTERM) and the proxy and drops the database; the shop's exit code. */
  stop(): Promise<number | null>;
};

export async function startShopBehindProxy(adminUrl: string, env: Record<string, string> = {}): Promise<ProxiedShop> {
  const database = await createTestDatabase(adminUrl);
  const target = new URL(database.url);
  const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  let shop: Shop;
  try {
    await proxy.start();
    const proxied = new URL(database.url);
    proxied.hostname = "127.0.0.1";
    proxied.port = String(proxy.port);
    shop = await startShop({
      databaseUrl: proxied.toString(),
      env: { NODE_ENV: "production", SESSION_SECRET: randomBytes(32).toString("base64url"), PII_ENCRYPTION_KEY: randomBytes(32).toString("hex"), ...env },
    });
  } catch (error) {
    await proxy.stop();
    await database.drop();
    throw error;
  }
  let stopping: Promise<number | null> | undefined;
  return {
    shop,
    proxy,
    database,
    async query<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
      const client = new pg.Client({ connectionString: database.url, connectionTimeoutMillis: 5_000 });
      await client.connect();
      try {
        return (await client.query<Row>(text, values)).rows;
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    stop() {
      stopping ??= (async () => {
        proxy.thaw();
        await proxy.start();
        const code = await shop.stop();
        await proxy.stop();
        await database.drop();
        return code;
      })();
      return stopping;
    },
  };
}
