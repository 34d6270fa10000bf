// The database stops under load (docs/architecture.md §4 and §8): while buyers browse and
// fill carts, PostgreSQL goes away. Every page answers in time: with 503 'Сервис временно недоступен',
// or whole from what the shop keeps in memory (never another 5xx, never a hang); every cart write is
// there whole or not at all, and once the database is back the same process serves 200 again, without
// a restart.
// PostgreSQL only: the embedded database cannot be taken away from under the shop.
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_COMING_SKU } from "#app/modules/seed/coin-launches.server.ts";
import demoCatalog from "#app/modules/catalog/demo-catalog.json" with { type: "json" };
import { type Buyer, pickupOrderFields, postCheckoutForm, signedInBuyer } from "#tests/support/buyer.ts";
import { h1Texts, inputValue } from "#tests/support/html.ts";
import { fileOutboxSettings } from "#tests/support/shop-settings.ts";
import { postgresForSuite } from "#tests/support/server.ts";
import { describeOutcomes, type Outcome, type PlannedRequest, startLoad } from "./support/load.ts";
import { type ProxiedShop, startShopBehindProxy } from "#tests/support/proxied-shop.ts";

const postgres = await postgresForSuite();

/** The shop's limit on one query (DATABASE_QUERY_TIMEOUT_MS), short for the test. */
const queryTimeoutMs = 2_000;
/**
 * A request that takes longer than this counts as a hang: a transaction's query and its
 * rollback may each wait out the query limit, a new connection its 5 s connect limit.
 */
const hangMs = 10_000;
const unavailable = "Сервис временно недоступен";

/**
 * Coins with stock enough for one of each per visitor (ids follow the demo catalogue's order), on sale: the demo's
 * announced coin is refused by the cart (a 303 back with the reason, and no row) until its opening.
 */
const stocked = demoCatalog.flatMap((coin, index) => (coin.stock >= 5 && coin.sku !== DEMO_COMING_SKU ? [{ id: index + 1, slug: coin.slug }] : []));

const pagePaths = ["/", "/catalog", `/products/${stocked[0]!.slug}`, "/about", "/cart", "/catalog/gold/rf", "/api/cart", "/api/work", "/api/wishlist"];

/** A reader: pages and /api reads in turn, as one visitor. */
function reader(visitor: string) {
  return (n: number): PlannedRequest => ({ method: "GET", path: pagePaths[n % pagePaths.length]!, headers: { Cookie: `uuid=${visitor}` } });
}

/**
 * A cart filler without JavaScript: every POST adds one coin that this visitor has not
 * asked for before (a new visitor after each round of coins), so each (visitor, coin)
 * pair is tried exactly once and must end as one row with quantity 1, or none.
 */
function cartFiller(worker: number) {
  const visitors: string[] = [];
  return (n: number): PlannedRequest => {
    const round = Math.floor(n / stocked.length);
    visitors[round] ??= randomUUID();
    const coin = stocked[n % stocked.length]!;
    return {
      method: "POST",
      path: "/cart",
      headers: { Cookie: `uuid=${visitors[round]}` },
      form: { intent: "add", productId: String(coin.id), quantity: "1", redirectTo: "/cart" },
      tag: `${worker}|${visitors[round]}|${coin.id}`,
    };
  };
}

const isApi = (outcome: Outcome) => outcome.path.startsWith("/api/");
const succeeded = (outcome: Outcome) => outcome.status === (outcome.method === "POST" ? 303 : 200);

type OutageRun = { outcomes: Outcome[]; downAt: number; upAt: number; recoveredAt: number };

/**
 * Runs the load, takes the database away with `down` until enough 503s were seen (and at
 * least `minDownMs`), brings it back with `up`, and waits until every worker succeeds again.
 */
async function outageUnderLoad(
  url: string,
  down: () => Promise<void> | void,
  up: () => Promise<void> | void,
  minDownMs: number,
  whileDown: () => Promise<void> = async () => {},
): Promise<OutageRun> {
  const workers = 5;
  const load = startLoad(url, [reader(randomUUID()), reader(randomUUID()), reader(randomUUID()), cartFiller(0), cartFiller(1)], {
    timeoutMs: hangMs + 10_000,
    pauseMs: 10,
  });
  let downAt = 0;
  let upAt = 0;
  let recoveredAt = 0;
  try {
    await load.until((all) => all.filter(succeeded).length >= 30, 30_000, "the shop serves the load before the outage");
    await down();
    downAt = Date.now();
    // Long enough for every worker to meet the outage several times.
    await load.until((all) => all.filter((o) => o.startedAt > downAt + 100 && o.status === 503).length >= 15, 30_000, "503 answers during the outage");
    await whileDown();
    await new Promise((resolve) => setTimeout(resolve, Math.max(500, downAt + minDownMs - Date.now())));
    await up();
    upAt = Date.now();
    // Recovered: every worker's last two answers since the database came back are successes.
    await load.until(
      (all) =>
        Array.from({ length: workers }).every((_, worker) => {
          const since = all.filter((o) => o.worker === worker && o.startedAt > upAt);
          return since.length >= 2 && since.slice(-2).every(succeeded);
        }),
      30_000,
      "every worker served again after the database came back",
    );
    recoveredAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 500));
  } finally {
    await load.stop();
  }
  return { outcomes: load.outcomes, downAt, upAt, recoveredAt };
}

/**
 * What a buyer must see through an outage: an answer in time, success or 503, and the right 503.
 * `pagesRefused`: whether the load's pages must have met the outage too (see the hung case).
 */
function expectOnlySuccessOr503({ outcomes, downAt, recoveredAt }: OutageRun, { pagesRefused }: { pagesRefused: boolean }) {
  const failed = outcomes.filter((o) => o.error !== undefined);
  expect(describeOutcomes(failed), "requests without an answer").toBe("");
  const slow = outcomes.filter((o) => o.endedAt - o.startedAt >= hangMs);
  expect(describeOutcomes(slow), "answers slower than the limit").toBe("");

  const other = outcomes.filter((o) => !succeeded(o) && o.status !== 503);
  expect(describeOutcomes(other), "answers other than success or 503").toBe("");
  const outOfOutage = outcomes.filter((o) => o.status === 503 && (o.endedAt < downAt || o.startedAt > recoveredAt));
  expect(describeOutcomes(outOfOutage), "503 outside the outage").toBe("");

  const refusals = outcomes.filter((o) => o.status === 503);
  if (pagesRefused) expect(refusals.filter((o) => !isApi(o) && o.method === "GET").length, "pages answered 503").toBeGreaterThan(3);
  expect(refusals.filter((o) => o.method === "POST").length, "cart posts met the outage").toBeGreaterThan(0);
  for (const refusal of refusals) {
    if (isApi(refusal)) {
      expect(refusal.contentType, `${refusal.path}: JSON`).toMatch(/^application\/json/);
      expect(JSON.parse(refusal.body!), refusal.path).toEqual({ error: { code: "unavailable", message: unavailable } });
    } else {
      expect(refusal.contentType, `${refusal.path}: HTML`).toBe("text/html; charset=utf-8");
      expect(h1Texts(refusal.body!), `${refusal.method} ${refusal.path}`).toEqual([unavailable]);
    }
  }
}

/**
 * Cart writes: each (visitor, coin) was tried once. A 303 means the row is there with
 * quantity 1; a 503 may have come after the commit, so the row is there whole or not at all.
 */
async function expectCartsWholeOrAbsent(running: ProxiedShop, outcomes: Outcome[]) {
  const posts = outcomes.filter((o) => o.method === "POST");
  const keyOf = (post: Outcome) => post.tag!.split("|").slice(1).join("|");
  const visitors = [...new Set(posts.map((post) => post.tag!.split("|")[1]!))];
  const rows = await running.query<{ owner: string; product_id: number; quantity: number }>(
    "select owner, product_id, quantity from list_items where list = 'cart' and owner = any($1)",
    [visitors.map((visitor) => `visitor:${visitor}`)],
  );
  const stored = new Map(rows.map((row) => [`${row.owner.slice("visitor:".length)}|${row.product_id}`, row.quantity]));
  for (const post of posts) {
    if (post.status === 303) expect(stored.get(keyOf(post)), `${keyOf(post)} answered 303`).toBe(1);
    else expect([undefined, 1], `${keyOf(post)} answered ${post.status}`).toContain(stored.get(keyOf(post)));
  }
  const tried = new Set(posts.map(keyOf));
  expect(
    [...stored.keys()].filter((key) => !tried.has(key)),
    "rows nobody asked for",
  ).toEqual([]);
  expect(posts.filter((post) => post.status === 303).length, "cart posts that succeeded").toBeGreaterThan(10);
}

describe.skipIf(!postgres.available)(`the database stops under load${postgres.skipReason}`, () => {
  let running: ProxiedShop;

  beforeAll(async () => {
    running = await startShopBehindProxy(postgres.adminUrl, { DATABASE_QUERY_TIMEOUT_MS: String(queryTimeoutMs), SHUTDOWN_TIMEOUT_MS: "20000" });
  });
  afterAll(async () => {
    await running?.stop();
  });

  it("cut (connections refused and reset): 503 at once, carts whole or absent, recovery without a restart", async () => {
    const { shop, proxy } = running;
    const pid = shop.pid;
    const run = await outageUnderLoad(
      shop.url,
      () => proxy.stop(),
      () => proxy.start(),
      1_000,
    );
    expectOnlySuccessOr503(run, { pagesRefused: true });
    // Refused connections are noticed at once: the pages do not wait on the database.
    const times = run.outcomes
      .filter((o) => o.status === 503)
      .map((o) => o.endedAt - o.startedAt)
      .sort((a, b) => a - b);
    expect(times[Math.floor(times.length / 2)], "median 503 time (ms)").toBeLessThan(1_000);
    await expectCartsWholeOrAbsent(running, run.outcomes);

    // The same process, still running: nothing restarted it.
    expect(shop.pid).toBe(pid);
    expect(shop.isRunning()).toBe(true);
    expect(shop.output(), "nothing escaped the request handlers").not.toMatch(/Uncaught|unhandledRejection|FATAL/i);
    // The operator reads the outage in a line or two, not a stack trace per failed request.
    const failedLines = shop
      .output()
      .split("\n")
      .filter((line) => / ERROR /.test(line));
    expect(failedLines.slice(0, 3).join("\n"), "errors logged one by one").toBe("");
    expect(shop.output()).toMatch(/WARN  database unavailable: requests answered 503 failedRequests=1 /);
  });

  it("hung (connections open, nothing answers): 503 within the time limit instead of waiting, then recovery", async () => {
    const { shop, proxy } = running;
    // A page that needs the database (the visitor's cart) asked for while it hangs.
    let cartPage: { status: number; elapsedMs: number; body: string } | undefined;
    const askForCartPage = async () => {
      const startedAt = Date.now();
      const response = await fetch(`${shop.url}/cart`, { headers: { Cookie: `uuid=${randomUUID()}` } });
      cartPage = { status: response.status, elapsedMs: Date.now() - startedAt, body: await response.text() };
    };
    // Longer than any single wait of the shop, so the limit, not the thaw, ends each request.
    const run = await outageUnderLoad(
      shop.url,
      () => proxy.freeze(),
      () => proxy.thaw(),
      hangMs + 1_000,
      askForCartPage,
    );
    // The anonymous pages whose reads the shop keeps in memory (catalogue, coin pages, content)
    // may be answered whole from it once their database reads give up, so the load's readers
    // need not meet a 503; a page that needs the database does.
    expectOnlySuccessOr503(run, { pagesRefused: false });
    expect(cartPage?.status, "the cart page while the database hangs").toBe(503);
    expect(h1Texts(cartPage!.body)).toEqual([unavailable]);
    expect(cartPage!.elapsedMs, "ms to the cart page's 503").toBeLessThan(hangMs);
    const during = run.outcomes.filter((o) => o.startedAt >= run.downAt && o.endedAt <= run.upAt);
    expect(during.filter((o) => o.status === 503).length, "503 answered before the database came back").toBeGreaterThan(3);
    await expectCartsWholeOrAbsent(running, run.outcomes);
    expect(shop.isRunning()).toBe(true);
  });

  it("stops cleanly afterwards: every connection the outages touched was given back", async () => {
    // A connection kept by a failed transaction would hold the stop until it is killed.
    const signalledAt = Date.now();
    expect(await running.stop()).toBe(0);
    expect(Date.now() - signalledAt, "ms from SIGTERM to exit").toBeLessThan(10_000);
  });
});

// Connections killed at the worst moment of checkout: the order's transaction commits, but the
// shop never hears so, or a write after the order fails. The order exists; the buyer is sent to
// it (the payment page or the order), not shown 'Сервис временно недоступен' for an order that
// was in fact placed. Only when the database cannot say is the answer the outage page.
describe.skipIf(!postgres.available)(`checkout when the connection dies around the order${postgres.skipReason}`, () => {
  let running: ProxiedShop;
  let scratch: string;

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), "lost-commit-"));
    running = await startShopBehindProxy(postgres.adminUrl, {
      DATABASE_QUERY_TIMEOUT_MS: String(queryTimeoutMs),
      ...fileOutboxSettings({ sms: path.join(scratch, "sms.jsonl") }),
    });
  });
  afterAll(async () => {
    await running?.stop();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  /** A signed-in buyer with one coin in the cart on the checkout page, ready to press 'Оформить заказ'. */
  async function buyerAtCheckout(): Promise<{ buyer: Buyer; page: string; token: string }> {
    const buyer = await signedInBuyer(running.shop.url, path.join(scratch, "sms.jsonl"));
    expect((await buyer.client.postForm("/cart", { intent: "add", productId: String(stocked[0]!.id), quantity: "1" })).status).toBe(303);
    const page = await buyer.client.html("/checkout");
    return { buyer, page, token: inputValue(page, "token")! };
  }

  /** The target of a redirect answered to a JavaScript post (turbo-stream's flat form: `{"_<key at>": <value at>}`). */
  function redirectOfData(body: string): unknown {
    const flat = JSON.parse(body.split("\n")[0]!) as unknown[];
    const fields = Object.entries(flat[0] as Record<string, number>).map(([key, at]) => [flat[Number(key.slice(1))], flat[at]]);
    return Object.fromEntries(fields).redirect;
  }

  const ordersOf = (token: string) => running.query<{ id: number; status: string }>("select id, status from orders where checkout_token = $1", [token]);
  const place = (buyer: Buyer, page: string) => postCheckoutForm(buyer.client, page, { ...pickupOrderFields(buyer, page), intent: "place" });

  it("the answer to the order's COMMIT is lost with its connection: the buyer goes on to pay the order that was placed", async () => {
    const { buyer, page, token } = await buyerAtCheckout();
    running.proxy.cutAfterCommitOf(`checkout:${token}`);
    const placed = await place(buyer, page);

    const orders = await ordersOf(token);
    expect(orders, "the order was committed").toHaveLength(1);
    expect(placed.status, h1Texts(placed.text).join(" ")).toBe(303);
    // Where a placement without the fault goes: the payment service's page for this order.
    expect(placed.headers.get("location")).toMatch(/\/payment\/sandbox\//);
    // The cart went into the order; sending the page again shows the same order, not a second one.
    const again = await place(buyer, page);
    expect(again.headers.get("location")).toBe(`/thanks?order=${orders[0]!.id}`);
    expect(await ordersOf(token)).toHaveLength(1);
  });

  it("the COMMIT's answer is lost and the database stays away: the outage page; once it is back, the page sent again finds the order", async () => {
    const { buyer, page, token } = await buyerAtCheckout();
    // The database goes away at the moment the order commits: nobody can tell the buyer either way.
    running.proxy.cutAfterCommitOf(`checkout:${token}`, { andStop: true });
    const placed = await place(buyer, page);
    expect(running.proxy.isUp, "the database went away").toBe(false);
    expect(placed.status).toBe(503);
    expect(h1Texts(placed.text)).toEqual([unavailable]);

    await running.proxy.start();
    const orders = await ordersOf(token);
    expect(orders).toHaveLength(1);
    const again = await place(buyer, page);
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(`/thanks?order=${orders[0]!.id}`);
  });

  it("with JavaScript (the form's post as data), the same lost answer: the navigation goes on to pay the order", async () => {
    const { buyer, page, token } = await buyerAtCheckout();
    running.proxy.cutAfterCommitOf(`checkout:${token}`);
    const fields = { token, shown: inputValue(page, "shown")!, ...pickupOrderFields(buyer, page), intent: "place" };
    const placed = await buyer.client.postForm("/checkout.data", fields);
    expect(await ordersOf(token)).toHaveLength(1);
    // React Router's answer to a redirecting action, which the browser's navigation follows.
    expect(placed.status, placed.text).toBe(202);
    expect(redirectOfData(placed.text)).toMatch(/\/payment\/sandbox\//);
  });

  it("the connection dies at the draft's clean-up after the order: the buyer still goes on to pay it", async () => {
    const { buyer, page, token } = await buyerAtCheckout();
    running.proxy.cutAtQuery(`insert into "checkout_drafts"`);
    const placed = await place(buyer, page);
    expect(await ordersOf(token)).toHaveLength(1);
    expect(placed.status, h1Texts(placed.text).join(" ")).toBe(303);
    expect(placed.headers.get("location")).toMatch(/\/payment\/sandbox\//);
  });

  it("the connection dies as the payment starts: the buyer lands on the order, where it can be paid", async () => {
    const { buyer, page, token } = await buyerAtCheckout();
    running.proxy.cutAtQuery(`insert into "payments"`);
    const placed = await place(buyer, page);
    const orders = await ordersOf(token);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.status).toBe("awaiting_payment");
    expect(placed.status, h1Texts(placed.text).join(" ")).toBe(303);
    expect(placed.headers.get("location")).toBe(`/my/orders/${orders[0]!.id}`);
    // The order's page offers to pay it: the payment starts again from there.
    const order = await buyer.client.get(`/my/orders/${orders[0]!.id}`);
    expect(order.status).toBe(200);
    const paid = await buyer.client.postForm(`/my/orders/${orders[0]!.id}`, { intent: "pay" });
    expect(paid.headers.get("location")).toMatch(/\/payment\/sandbox\//);
  });
});
