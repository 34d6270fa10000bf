// The shared page cache (docs/decisions/025-shared-page-cache.md): a page
// for a request that carries nothing personal is rendered once and served to every such
// request; a page of a signed-in buyer with a cart never reaches a stranger, nor the reverse;
// every change a page shows (a premium, a catalogue import, a sales pause, new quotes) shows
// on a cached page at once; a buyer without JavaScript still gets the visitor cookie with the
// first change and buys as before.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import demoCatalog from "#app/modules/catalog/demo-catalog.json" with { type: "json" };
import { type Buyer, placeOrderByForms, productIdOf, signedInBuyer } from "#tests/support/buyer.ts";
import { runCommand } from "#tests/support/commands.ts";
import { textContent } from "#tests/support/html.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import { afterNotify, waitFor } from "#tests/support/network.ts";
import { createTestDatabase, postgresForSuite, type Shop, startShop, type TestDatabase } from "#tests/support/server.ts";
import { sharedShop } from "#tests/support/shared-shop.ts";

const SHARED = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";
const outbox = path.join(os.tmpdir(), `shop-page-cache-sms-${process.pid}-${randomBytes(4).toString("hex")}.jsonl`);
const coins = demoCatalog.filter((coin) => Number(coin.stock) > 0);
const [first, second, third] = coins;

/** A stranger: a new browser with no cookie at all. */
const stranger = () => new ShopClient(shared.current.url);
/** The count on the cart icon's badge, or "none". */
const cartBadge = (html: string) => /data-testid="cart-link"[\s\S]*?<\/a>/.exec(html)?.[0].match(/data-testid="count-badge"[^>]*>(\d+)</)?.[1] ?? "none";
/** A card's price on a catalogue page, as shown. */
const cardPrice = (html: string, productId: number) => {
  const card = html.slice(html.indexOf(`data-product-id="${productId}"`));
  return textContent(/data-testid="price"[^>]*>([^<]*)</.exec(card)?.[1] ?? "");
};

const shared = sharedShop({ env: { SMS_PROVIDER: "file", SMS_OUTBOX_FILE: outbox } });
afterAll(() => rm(outbox, { force: true }));

describe("a page for a request that carries nothing personal", () => {
  it("is rendered once: the second anonymous request is a hit, the same page, public, with no cookie", async () => {
    // An address no other test asks for (unknown parameters are part of the key).
    const address = `/catalog?probe=${randomBytes(4).toString("hex")}`;
    const one = await stranger().get(address);
    expect(one.status).toBe(200);
    expect(one.headers.get("x-page-cache")).toBe("miss");
    const two = await stranger().get(address);
    expect(two.headers.get("x-page-cache")).toBe("hit");
    expect(two.text).toBe(one.text);
    for (const answer of [one, two]) {
      expect(answer.headers.get("cache-control")).toBe(SHARED);
      expect(answer.headers.getSetCookie()).toEqual([]);
      expect(answer.headers.get("vary")).toMatch(/Cookie/);
      expect(answer.headers.get("etag")).toBe(one.headers.get("etag"));
      expect(answer.headers.get("age")).toMatch(/^\d+$/);
    }
    // The parameters in another order are the same page; a browser holding it revalidates to a 304.
    const reordered = await stranger().get(`${address}&a=1`);
    expect((await stranger().get(`/catalog?a=1&${address.split("?")[1]}`)).headers.get("x-page-cache")).toBe("hit");
    expect(reordered.headers.get("x-page-cache")).toBe("miss");
    const revalidated = await stranger().get(address, { headers: { "If-None-Match": one.headers.get("etag")! } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBe("");
  });

  it("is the whole document even for a person (the deferred parts in place, not streamed later)", async () => {
    const page = await stranger().get(`/products/${first!.slug}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("</html>");
    // Nothing left to stream in: no pending Suspense boundary markers.
    expect(page.text).not.toContain("<!--$?-->");
  });

  it("a client that claims the page is shared is not believed: its personal page stays private", async () => {
    const buyer = await signedInBuyer(shared.current.url, outbox);
    const page = await buyer.client.get("/about", { headers: { "X-Shop-Shared-Page": "1" } });
    expect(page.headers.get("cache-control")).toBe("private, no-cache");
    expect(page.headers.get("x-page-cache")).toBeNull();
  });
});

describe("a signed-in buyer with a cart and a stranger", () => {
  let buyer: Buyer;
  beforeAll(async () => {
    buyer = await signedInBuyer(shared.current.url, outbox, { fullName: "Кешев Игнат Павлович" });
    expect((await buyer.client.postForm("/cart", { intent: "add", productId: String(productIdOf(second!.slug)), quantity: "1" })).status).toBe(303);
  });

  /** What of the buyer a page may show: the name, the phone, the cart's count. */
  const showsBuyer = (html: string) => html.includes("Игнат") || html.includes(buyer.phone.normal.slice(2)) || cartBadge(html) !== "none";

  it("the stranger first: the buyer's page is the buyer's own, and the stranger's next copy has nothing of the buyer", async () => {
    const address = `/catalog?first=stranger-${randomBytes(3).toString("hex")}`;
    const theirs = await stranger().get(address);
    expect(theirs.headers.get("x-page-cache")).toBe("miss");
    expect(showsBuyer(theirs.text)).toBe(false);

    const mine = await buyer.client.get(address);
    expect(mine.headers.get("x-page-cache")).toBeNull();
    expect(mine.headers.get("cache-control")).toBe("private, no-cache");
    expect(cartBadge(mine.text)).toBe("1");
    expect(mine.text).toContain("Игнат");
    expect(mine.text).not.toContain(">Войти<");

    const again = await stranger().get(address);
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(showsBuyer(again.text)).toBe(false);
    expect(again.text).toContain(">Войти<");
  });

  it("the buyer first: the stranger's page is rendered for the stranger, and the buyer keeps getting their own", async () => {
    const address = `/products/${third!.slug}?first=buyer-${randomBytes(3).toString("hex")}`;
    const mine = await buyer.client.get(address);
    expect(mine.headers.get("x-page-cache")).toBeNull();
    expect(cartBadge(mine.text)).toBe("1");

    const theirs = await stranger().get(address);
    expect(theirs.headers.get("x-page-cache")).toBe("miss");
    expect(showsBuyer(theirs.text)).toBe(false);
    expect(theirs.text).toContain(">Войти<");
    expect((await stranger().get(address)).headers.get("x-page-cache")).toBe("hit");

    const mineAgain = await buyer.client.get(address);
    expect(mineAgain.headers.get("x-page-cache")).toBeNull();
    expect(cartBadge(mineAgain.text)).toBe("1");
    expect(mineAgain.text).toContain("Игнат");
  });

  it("a visitor with only a cart (no sign-in) is not served the shared page either, nor adds to it", async () => {
    const address = `/catalog?first=cart-${randomBytes(3).toString("hex")}`;
    const browsing = stranger();
    expect((await browsing.postForm("/cart", { intent: "add", productId: String(productIdOf(first!.slug)), quantity: "2" })).status).toBe(303);
    const mine = await browsing.get(address);
    expect(mine.headers.get("x-page-cache")).toBeNull();
    expect(cartBadge(mine.text)).toBe("2");
    const theirs = await stranger().get(address);
    expect(theirs.headers.get("x-page-cache")).toBe("miss");
    expect(cartBadge(theirs.text)).toBe("none");
  });
});

describe("a buyer without JavaScript", () => {
  it("browses shared pages without a cookie, gets the visitor cookie with the first form, and places an order", async () => {
    const visitor = stranger();
    for (const address of ["/", "/catalog", `/products/${first!.slug}`]) {
      const page = await visitor.get(address);
      expect(page.status, address).toBe(200);
      expect(page.headers.getSetCookie(), address).toEqual([]);
    }
    expect(await visitor.cookie("uuid")).toBeUndefined();
    const added = await visitor.postForm("/cart", { intent: "add", productId: String(productIdOf(first!.slug)), quantity: "1" });
    expect(added.status).toBe(303);
    expect(added.headers.getSetCookie().some((cookie) => cookie.startsWith("uuid="))).toBe(true);
    const cart = await visitor.html("/cart");
    expect(textContent(cart)).toContain(first!.name);
    const catalog = await visitor.get("/catalog");
    expect(catalog.headers.get("x-page-cache")).toBeNull();
    expect(cartBadge(catalog.text)).toBe("1");

    // Signing in and buying, all by plain forms, from a first visit that set no cookie.
    const buyer = await signedInBuyer(shared.current.url, outbox);
    const { paymentUrl } = await placeOrderByForms(buyer, productIdOf(first!.slug));
    expect(paymentUrl).toBeTruthy();
  }, 60_000);
});

// The changes come from other processes (the operator's commands, another instance's quotes
// refresh), so they run on PostgreSQL, the only database a second process can share.
const postgres = await postgresForSuite();

describe.skipIf(!postgres.available)(`what a cached page shows changes at once${postgres.skipReason}`, () => {
  let database: TestDatabase;
  let shop: Shop;
  let dir: string;
  const env = () => ({ DATABASE_URL: database.url, DATA_DIR: path.join(dir, "data") });
  /** Asks twice (the second answer is the kept copy) and returns the kept copy. */
  const cached = async (address: string) => {
    await new ShopClient(shop.url).get(address);
    const page = await new ShopClient(shop.url).get(address);
    expect(page.headers.get("x-page-cache"), address).toBe("hit");
    return page.text;
  };
  const fresh = async (address: string) => (await new ShopClient(shop.url).get(address)).text;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "shop-page-cache-"));
    database = await createTestDatabase(postgres.adminUrl);
    shop = await startShop({ databaseUrl: database.url });
  });
  afterAll(async () => {
    await shop?.stop();
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it("a premium change", async () => {
    const id = productIdOf(first!.slug);
    const before = cardPrice(await cached("/catalog"), id);
    expect(before).toMatch(/₽/);
    const changed = await runCommand("scripts/catalog.ts", ["premium", first!.sku, "250"], env());
    expect(changed.code, changed.stderr).toBe(0);
    const after = await afterNotify(
      async () => cardPrice(await fresh("/catalog"), id),
      (price) => price !== before,
      "the new price on /catalog",
    );
    expect(after).toMatch(/₽/);
  }, 60_000);

  it("a premium change on a returning visitor's own pages (rendered for them, from the cached catalogue reads)", async () => {
    const visitor = new ShopClient(shop.url);
    // The last card of the first page: a coin neither the shared page's test nor the cart touched.
    const ids = [...(await visitor.get("/catalog")).text.matchAll(/data-product-id="(\d+)"/g)].map((match) => Number(match[1]));
    const id = ids.at(-1)!;
    const coin = demoCatalog[id - 1]!;
    expect((await visitor.postForm("/cart", { intent: "add", productId: String(productIdOf(third!.slug)), quantity: "1" })).status).toBe(303);
    const personal = async (address: string) => {
      const page = await visitor.get(address);
      expect(page.headers.get("x-page-cache"), address).toBeNull();
      return page.text;
    };
    const productPrice = (html: string) => textContent(/data-testid="price"[^>]*>([^<]*)</.exec(html)?.[1] ?? "");
    // Twice each: the second is answered from the reads kept by the first.
    await personal("/catalog");
    await personal(`/products/${coin.slug}`);
    const before = { card: cardPrice(await personal("/catalog"), id), product: productPrice(await personal(`/products/${coin.slug}`)) };
    expect(before.card).toMatch(/₽/);
    expect(before.product).toMatch(/₽/);
    const changed = await runCommand("scripts/catalog.ts", ["premium", coin.sku, "300"], env());
    expect(changed.code, changed.stderr).toBe(0);
    const after = await afterNotify(
      async () => ({ card: cardPrice(await personal("/catalog"), id), product: productPrice(await personal(`/products/${coin.slug}`)) }),
      (prices) => prices.card !== before.card && prices.product !== before.product,
      "the new price on the visitor's own pages",
    );
    expect(after.card).toMatch(/₽/);
    expect(after.card).not.toBe(before.card);
    expect(after.product).not.toBe(before.product);
  }, 60_000);

  it("a catalogue import", async () => {
    const countries = (html: string) => [...html.matchAll(/<option value="([^"]+)">/g)].map((match) => match[1]);
    expect(countries(await cached("/catalog"))).not.toContain("Ниуэ");
    const csv = path.join(dir, "niue.csv");
    await writeFile(
      csv,
      "sku;slug;name;metal;kind;denomination;country;issuer;fineness;totalGrams;pureGrams;stock;premiumPercent\n" +
        "AG-7101;chernyy-lebed-kesh;Чёрный лебедь 1 унция;silver;investment;2 доллара;Ниуэ;Ниуэ;999;31,1;31,1;5;12\n",
    );
    const imported = await runCommand("scripts/catalog.ts", ["import", csv], env());
    expect(imported.code, imported.stderr).toBe(0);
    await afterNotify(
      async () => countries(await fresh("/catalog")),
      (found) => found.includes("Ниуэ"),
      "the imported coin's country on /catalog",
    );
  }, 60_000);

  it("a sales pause and the resume", async () => {
    // Every page carries whether the shop takes orders (the root loader's shopOpen, in the page's data).
    const open = (html: string) => /\\?"shopOpen\\?",(true|false)/.exec(html)?.[1];
    expect(open(await cached("/about"))).toBe("true");
    expect((await runCommand("scripts/shop.ts", ["pause"], env())).code).toBe(0);
    await afterNotify(
      async () => open(await fresh("/about")),
      (shopOpen) => shopOpen === "false",
      "the pause on /about",
    );
    expect(open(await cached("/about"))).toBe("false");
    expect((await runCommand("scripts/shop.ts", ["resume"], env())).code).toBe(0);
    await afterNotify(
      async () => open(await fresh("/about")),
      (shopOpen) => shopOpen === "true",
      "the resume on /about",
    );
  }, 60_000);

  it("a new quotes snapshot stored by another instance", async () => {
    // The gold figure of the quotes bar: its item, label, price and change.
    const goldInBar = (html: string) => textContent(/data-course="XAU_RUB"[\s\S]*?<\/li>/.exec(html)?.[0] ?? "");
    const before = goldInBar(await cached("/about"));
    expect(before).toMatch(/\d ₽/);
    const courses = async () =>
      (JSON.parse((await new ShopClient(shop.url).get("/api/courses")).text) as { courses: { XAU_RUB: { course: number } } }).courses.XAU_RUB.course;
    const oldCourse = await courses();
    // What another instance's refresh does: the new reading and the announcement in one transaction.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query("begin");
      await client.query(
        `insert into quote_readings (source, instrument, trading_date, value, fetched_at)
         select source, instrument, trading_date, value * 1.5, now() from quote_readings
         where instrument = 'XAU_RUB' order by trading_date desc, fetched_at desc limit 1`,
      );
      await client.query("select pg_notify('shop_reads_changed', 'quotes')");
      await client.query("commit");
    } finally {
      await client.end();
    }
    // The shop reloads its quotes on the announcement; once it shows them, every page does.
    expect(await waitFor(courses, (course) => course !== oldCourse, 10_000, "the new gold quote on /api/courses")).not.toBe(oldCourse);
    const after = goldInBar(await fresh("/about"));
    expect(after).not.toBe(before);
  }, 60_000);
});
