// Two instances on one PostgreSQL server (docs/architecture.md §8): behind a reverse proxy
// a buyer's requests land on either, so everything that matters lives in the database. A
// session made on A works on B, a cart filled on A shows on B, the SMS limits count the
// codes of both, a back-office step on one is seen on the other, and only one instance refreshes the quotes (the holder of an advisory
// lock), the other taking over when it stops.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import demoCatalog from "#app/modules/catalog/demo-catalog.json" with { type: "json" };
import { lockKeys, openDatabase } from "#app/modules/db/client.server.ts";
import { runCommand } from "#tests/support/commands.ts";
import { h1Texts, inputValue, textByTestId, textContent } from "#tests/support/html.ts";
import { placeTestOrder } from "#tests/support/orders.ts";
import { type ClientResponse, ShopClient } from "#tests/support/http-client.ts";
import { waitFor } from "#tests/support/network.ts";
import { postgresForSuite, type Shop, startShopsOnOneDatabase } from "#tests/support/server.ts";
import { waitForSmsCode } from "#tests/support/sms-outbox.ts";
import { type FakeServer, startFakeHttpServer } from "#tests/support/fake-http-server.ts";

const postgres = await postgresForSuite();

const refreshIntervalMs = 1_000;
const leaderLine = /quotes refresher: this instance fetches the quotes now pid=(\d+)/;

let scratch: string;
let outbox: string;
let shops: Shop[];
let databaseUrl: string;
let stopAll: () => Promise<Array<number | null>>;
let phoneCounter = 0;
let telegram: FakeServer;

function newPhone(): { typed: string; normal: string } {
  phoneCounter++;
  const digits = `925${String(Date.now() % 10_000).padStart(4, "0")}${String(phoneCounter).padStart(3, "0")}`;
  return { typed: `8 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`, normal: `+7${digits}` };
}

/** One browser behind the proxy: two clients, one per instance, sharing one cookie jar. */
async function browser(): Promise<{ onA: ShopClient; onB: ShopClient }> {
  const onA = new ShopClient(shops[0]!.url);
  const onB = new ShopClient(shops[1]!.url, { jar: onA.jar });
  await onA.get("/");
  return { onA, onB };
}

/** An /api call as the shop's own page makes it (same origin), from the given client address. */
function apiPost(client: ShopClient, path: string, body: unknown, clientIp?: string): Promise<ClientResponse> {
  const headers: Record<string, string> = { "Content-Type": "application/json", Origin: client.baseUrl };
  if (clientIp) headers["X-Forwarded-For"] = clientIp;
  return client.request("POST", path, JSON.stringify(body), { headers });
}

const json = (response: { text: string }) => JSON.parse(response.text);

async function query<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The pid in the application name of the connection holding the quotes lock, one per holder. */
async function quotesLockHolders(): Promise<number[]> {
  const rows = await query<{ application_name: string }>(
    `select a.application_name from pg_locks l join pg_stat_activity a on a.pid = l.pid
     where l.locktype = 'advisory' and l.granted and l.classid = 0 and l.objid = $1 and l.database = (select oid from pg_database where datname = current_database())`,
    [lockKeys.quotesRefresher],
  );
  return rows.map((row) => Number(/coin-shop pid (\d+)/.exec(row.application_name)?.[1] ?? -1));
}

describe.skipIf(!postgres.available)(`two instances on one PostgreSQL database${postgres.skipReason}`, () => {
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), "shop-two-"));
    outbox = path.join(scratch, "outbox.jsonl");
    telegram = await startFakeHttpServer(() => ({ contentType: "application/json", body: JSON.stringify({ ok: true, result: { message_id: 1 } }) }));
    ({
      shops,
      databaseUrl,
      stop: stopAll,
    } = await startShopsOnOneDatabase(2, {
      adminUrl: postgres.adminUrl,
      env: {
        SMS_PROVIDER: "file",
        SMS_OUTBOX_FILE: outbox,
        // Behind the proxy: the client's address is the one it forwards.
        TRUST_PROXY: "true",
        QUOTES_REFRESH_INTERVAL_MS: String(refreshIntervalMs),
        LOG_LEVEL: "info",
        // The staff chat: a message sent twice would show here twice (Telegram keeps no keys).
        TELEGRAM_BOT_TOKEN: "123456:ABCdefGhIJKlmNoPQRstuVWxyZ0123456789",
        TELEGRAM_CHAT_ID: "-100200300",
        TELEGRAM_BASE_URL: telegram.baseUrl,
        NOTIFY_POLL_INTERVAL_MS: "100",
      },
    }));
  });
  afterAll(async () => {
    await stopAll?.();
    await telegram?.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it("sends each message once: buy-back requests made on both instances reach the staff chat once each", async () => {
    const requests = [shops[0]!, shops[1]!, shops[0]!, shops[1]!].map(async (shop, index) => {
      const client = new ShopClient(shop.url);
      await client.get("/coin-buyback");
      const phone = `+7 (903) 555-70-${String(10 + index)}`;
      expect((await client.postForm("/coin-buyback", { name: `Продавец ${index}`, phone, items: "Соболь", comment: "", consent: "on" })).status).toBe(303);
    });
    await Promise.all(requests);
    const texts = () =>
      telegram.requests.map((request) => (JSON.parse(request.body) as { text: string }).text).filter((text) => text.startsWith("Заявка на выкуп"));
    await waitFor(
      async () => texts(),
      (found) => found.length >= 4,
      15_000,
      "four staff messages",
    );
    // Both senders have had many rounds since: still one message per request.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const numbers = texts().map((text) => /(В-\d{6})/.exec(text)![1]);
    expect(numbers.sort()).toEqual([...new Set(numbers)].sort());
    expect(numbers).toHaveLength(4);
    const holders = await query<{ n: string }>(
      "select count(*) as n from pg_locks where locktype = 'advisory' and granted and objid = $1 and database = (select oid from pg_database where datname = current_database())",
      [lockKeys.notificationSender],
    );
    expect(Number(holders[0]!.n), "one sender for the cluster").toBe(1);
  });

  it("a sign-in begun on A finishes on B, the session works on both, and a logout on B ends it on A", async () => {
    const { onA, onB } = await browser();
    const phone = newPhone();
    expect((await onA.postForm("/login", { intent: "send", phone: phone.typed, redirectTo: "/my" })).headers.get("location")).toBe("/login");
    const code = await waitForSmsCode(outbox, phone.normal);
    // The code step continues on the other instance: the sign-in cookie and the code are shared.
    expect(textContent(await onB.html("/login"))).toContain("Введите код из SMS");
    const verified = await onB.postForm("/login", { intent: "verify", code, redirectTo: "/my" });
    expect(verified.status).toBe(303);
    expect(verified.headers.get("location")).toBe("/cabinet/create");

    const registered = await onA.postForm("/cabinet/create", {
      intent: "register",
      fullName: "Кузнецова Мария Ивановна",
      email: "maria@example.ru",
      consent: "on",
      redirectTo: "/my",
    });
    expect(registered.status).toBe(303);
    expect(registered.headers.get("location")).toBe("/my");

    const account = await onB.get("/my");
    expect(account.status).toBe(200);
    expect(textContent(account.text)).toContain("Мария");
    expect(json(await onA.get("/api/me"))).toMatchObject({ name: "Мария", last_name: "Кузнецова", phone: phone.normal });

    expect((await onB.postForm("/logout", {})).status).toBe(303);
    expect((await onA.get("/api/me")).status).toBe(401);
    const signedOut = await onA.get("/my");
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toMatch(/^\/login/);
  });

  it("a cart filled on A shows on B, and a change on B shows on A", async () => {
    const { onA, onB } = await browser();
    const georgiy = demoCatalog.findIndex((coin) => coin.slug === "georgiy-pobedonosec-50-rubley-mmd") + 1;
    const silver = demoCatalog.findIndex((coin) => coin.slug === "georgiy-pobedonosec-3-rublya-serebro") + 1;
    expect((await onA.postForm("/cart", { intent: "add", productId: String(georgiy), quantity: "2" })).status).toBe(303);
    expect(json(await onB.get("/api/cart")).data.order.coins).toEqual([{ id: georgiy, count: 2 }]);

    const patched = await onB.request("PATCH", `/api/cart/${silver}`, JSON.stringify({ quantity: 3 }), {
      headers: { "Content-Type": "application/json", Origin: onB.baseUrl },
    });
    expect(patched.status).toBe(200);
    const cartOnA = await onA.html("/cart");
    expect(h1Texts(cartOnA)).toEqual(["Корзина"]);
    expect(textContent(cartOnA)).toContain(demoCatalog[silver - 1]!.name);
    expect(json(await onA.get("/api/cart")).data.totalCoins).toBe(5);
  });

  it("each instance writes an access-log line per request (LOG_LEVEL=info): its path, never its query", async () => {
    const onB = new ShopClient(shops[1]!.url);
    expect((await onB.get("/search?q=89161234567&page=1")).status).toBe(200);
    const accessLine = /INFO {2}request method=GET path=\/search status=200 ms=\d+ instance=(\S+)/;
    const logged = await waitFor(
      async () => accessLine.exec(shops[1]!.output()),
      (match) => match !== null,
      10_000,
      "the access-log line on B",
    );
    expect(logged![1]).toBe(`${os.hostname()}:${shops[1]!.pid}`);
    expect(shops[1]!.output()).not.toContain("89161234567");
  });

  it("the SMS limits count the codes asked on both instances", async () => {
    const { onA, onB } = await browser();
    // The 120-second pause per phone: a code from A, then at once from B.
    const phone = newPhone();
    const address = "198.51.100.7";
    expect((await apiPost(onA, "/api/auth/get-code", { phone: phone.typed }, address)).status).toBe(200);
    const again = await apiPost(onB, "/api/auth/get-code", { phone: phone.typed }, address);
    expect(again.status).toBe(429);
    expect(json(again).error.message).toMatch(/^Новый код можно запросить через \d+ с$/);

    // Twenty codes an hour per address: nineteen more, alternating A and B, then the 21st is refused on either.
    const other = "198.51.100.8";
    for (let i = 0; i < 20; i++) {
      const response = await apiPost(i % 2 ? onB : onA, "/api/auth/get-code", { phone: newPhone().typed }, other);
      expect(response.status, `code ${i + 1} of 20`).toBe(200);
    }
    for (const client of [onA, onB]) {
      const refused = await apiPost(client, "/api/auth/get-code", { phone: newPhone().typed }, other);
      expect(refused.status).toBe(429);
      expect(json(refused).error.message).toMatch(/Слишком много кодов за час/);
    }
    // Another address is not affected.
    expect((await apiPost(onB, "/api/auth/get-code", { phone: newPhone().typed }, "198.51.100.9")).status).toBe(200);
  });

  it("a back-office step on A is seen on B at once, and B's page from before it is refused", async () => {
    // A member of staff (the terminal's command) and an order paid on receipt (status new) in the shared database.
    const manager = newPhone();
    const added = await runCommand("scripts/staff.ts", ["add", manager.typed, "manager", "Менеджер"], { DATABASE_URL: databaseUrl });
    expect(added.code).toBe(0);
    const handle = await openDatabase({ databaseUrl, dataDir: "", databasePoolMax: 2 });
    const order = await placeTestOrder(handle.db, { paymentId: 6 }).finally(() => handle.close());
    // One browser behind the proxy: signed in on A, the back office opens on B with the same cookie.
    const { onA, onB } = await browser();
    const since = new Date();
    expect((await onA.postForm("/admin/login", { intent: "send", phone: manager.typed })).status).toBe(303);
    const code = await waitForSmsCode(outbox, manager.normal, { after: since });
    expect((await onB.postForm("/admin/login", { intent: "verify", code })).headers.get("location")).toBe("/admin");
    const href = `/admin/orders/${order.number}`;
    const onBBefore = await onB.html(href);
    expect(textByTestId(onBBefore, "order-status")).toBe("Новый");
    // The step on A…
    const version = inputValue(await onA.html(href), "version")!;
    expect((await onA.postForm(href, { to: "assembling", version })).status).toBe(303);
    // …is what B shows on its next page, with its audit row, and B's older page cannot act on the order.
    const onBAfter = await onB.html(href);
    expect(textByTestId(onBAfter, "order-status")).toBe("Собирается");
    expect(textByTestId(onBAfter, "order-audit")).toContain("Новый → Собирается");
    expect((await onB.postForm(href, { to: "cancelled", version: inputValue(onBBefore, "version")!, reason: "Передумал" })).status).toBe(303);
    expect(textByTestId(await onB.html(href), "flash")).toBe("Заказ уже изменён, обновите страницу");
    expect(textByTestId(await onA.html(href), "order-status")).toBe("Собирается");
  });

  it("only one instance refreshes the quotes, and the other takes over when it stops", async () => {
    const pids = shops.map((shop) => shop.pid);
    const holders = await waitFor(quotesLockHolders, (found) => found.length === 1, 10_000, "one holder of the quotes lock");
    const leader = pids.indexOf(holders[0]!);
    expect(leader, `the holder ${holders[0]} is one of the shops ${pids.join(", ")}`).toBeGreaterThanOrEqual(0);
    const follower = 1 - leader;
    expect(shops[leader]!.output()).toMatch(leaderLine);
    expect(shops[follower]!.output()).not.toMatch(leaderLine);

    // One set of readings per interval: a single writer, not two.
    const fetchTimes = async () =>
      (await query<{ at: Date }>("select distinct fetched_at as at from quote_readings where fetched_at > now() - interval '1 hour' order by 1")).map((row) =>
        row.at.getTime(),
      );
    const before = (await fetchTimes()).length;
    const windowMs = 5_000;
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const times = await fetchTimes();
    const added = times.length - before;
    expect(added, "refreshes in the window").toBeGreaterThanOrEqual(windowMs / refreshIntervalMs - 2);
    expect(added, "refreshes in the window").toBeLessThanOrEqual(windowMs / refreshIntervalMs + 1);
    const gaps = times
      .slice(-added)
      .map((time, index, all) => (index ? time - all[index - 1]! : refreshIntervalMs))
      .slice(1);
    expect(Math.min(...gaps), "no two writers fetching moments apart").toBeGreaterThan(refreshIntervalMs / 2);

    // The leader stops; the other instance takes the lock and the readings go on.
    expect(await shops[leader]!.stop()).toBe(0);
    await waitFor(quotesLockHolders, (found) => found.length === 1 && found[0] === pids[follower], 10_000, "the other instance holds the lock");
    expect(shops[follower]!.output()).toMatch(leaderLine);
    const lastBefore = (await fetchTimes()).at(-1)!;
    await waitFor(fetchTimes, (found) => found.at(-1)! > lastBefore, 10_000, "a refresh by the new holder");
  });
});
