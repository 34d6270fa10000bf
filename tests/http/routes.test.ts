// Every address of the route table (spec section 2) against the built server, as a
// browser and a crawler see it: status, frame, heading, SEO tags, cookies, caching.
import { randomBytes, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { attribute, canonicalHref, classNames, findByTestId, h1Texts, jsonLdBlocks, robotsMeta, tags, textContent } from "#tests/support/html.ts";
import { rawRequest, ShopClient } from "#tests/support/http-client.ts";
import { runningShop } from "#tests/support/shop-fixture.ts";

const publicUrl = "https://shop.example";

/** Any heading: pages whose heading will come from content not written yet. */
const anyHeading = /\S/;

/** Pages of the default layout and their <h1>. */
const framedPages: Array<[path: string, h1: string | RegExp]> = [
  ["/", anyHeading],
  // Catalogue: the whole catalogue, categories, fixed sections and type pages, pages 2+.
  ["/catalog", "Каталог монет из золота и серебра"],
  ["/catalog/gold", "Золотые монеты"],
  ["/catalog/silver", "Серебряные монеты"],
  ["/catalog/bullion-coins", "Инвестиционные монеты"],
  ["/catalog/memorable-coins", "Памятные монеты"],
  ["/catalog/gold/monety-georgiy-pobedonosec", "Золотые монеты «Георгий Победоносец»"],
  ["/catalog/gold/monety-georgiy-pobedonosec/50-rub", "Золотые монеты «Георгий Победоносец» 50 рублей"],
  ["/catalog/gold/monety-seyatel", "Золотые монеты «Сеятель»"],
  ["/catalog/bullion-coins/georgij-pobedonosec", "Инвестиционные монеты «Георгий Победоносец»"],
  ["/catalog/bullion-coins/monety-sberbanka", "Инвестиционные монеты Сбербанка"],
  ["/catalog/bullion-coins/monety-sberbanka/gold", "Золотые инвестиционные монеты Сбербанка"],
  ["/catalog/bullion-coins/monety-sberbanka/silver", "Серебряные инвестиционные монеты Сбербанка"],
  ["/catalog/bullion-coins/rf", "Инвестиционные монеты России"],
  ["/catalog/gold/rf", "Золотые монеты России"],
  ["/catalog/gold/bullion-coins", "Золотые инвестиционные монеты"],
  ["/catalog/gold/memorable-coins", "Золотые памятные монеты"],
  ["/catalog/silver/monety-georgiy-pobedonosec", "Серебряные монеты «Георгий Победоносец»"],
  ["/catalog/silver/rf", "Серебряные монеты России"],
  ["/catalog/silver/bullion-coins", "Серебряные инвестиционные монеты"],
  ["/catalog/silver/memorable-coins", "Серебряные памятные монеты"],
  ["/catalog/page/2", "Каталог монет из золота и серебра — страница 2"],
  ["/catalog/gold/page/2", "Золотые монеты — страница 2"],
  // Promotions, news, cases, training (with the legacy article ids).
  ["/promo", "Акции"],
  ["/promo/1", anyHeading],
  ["/promo/3", anyHeading],
  ["/news", "Новости"],
  ["/news/page/2", "Новости — страница 2"],
  ["/news/sbp-oplata", "Заказ можно оплатить через СБП"],
  ["/cases", "Кейсы"],
  ["/cases/po-odnoj-monete-v-mesyac", "По одной золотой монете в месяц"],
  ["/training", "Обучение для начинающих"],
  ["/training/kak-hranit-monety", "Как хранить монеты, чтобы не потерять в цене"],
  ...["18", "19", "20", "318", "1485", "1486", "1487"].map((id): [string, RegExp] => [`/training/${id}`, anyHeading]),
  // Info pages kept in the database, and a generic page.
  ["/about", "О компании"],
  ["/contacts", "Контакты"],
  ["/delivery", "Доставка и оплата"],
  ["/how-to-buy", "Как купить"],
  ["/return", "Обмен и возврат"],
  ["/certificates", "Сертификаты"],
  ["/coin-buyback", "Скупка монет"],
  ["/partners", "Партнёры"],
  ["/reviews", "Отзывы"],
  ["/privacy", "Политика обработки персональных данных"],
  // The buyer's pages.
  ["/quotes-online", "Котировки золота и серебра онлайн"],
  ["/search?q=x", anyHeading],
  ["/product-comparison", "Сравнение товаров"],
  ["/wishlist", "Избранное"],
  ["/cart", "Корзина"],
  ["/checkout", "Оформление заказа"],
  ["/login", anyHeading],
];

// The outcome pages of a payment show the buyer's own order: they need the sign-in too.
const accountPages = ["/my", "/my/orders", "/my/orders/15", "/my/profile", "/my/profile/edit", "/thanks?order=15", "/payment-error?order=15"];

const notFoundTexts = {
  title: "Страница не найдена",
  message: "Мы сожалеем, но страница на которую вы попытались перейти не существует.",
  home: "Перейти на главную",
};

const shop = runningShop({
  env: {
    NODE_ENV: "production",
    SESSION_SECRET: randomBytes(32).toString("base64url"),
    PII_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    PUBLIC_URL: publicUrl,
  },
});
let client: ShopClient;

beforeAll(() => {
  client = shop.client();
});

/** A request from a browser that has never been here (no cookies). */
const firstVisit = (path: string, headers?: Record<string, string>) => shop.client().get(path, { headers });

describe("every page of the route table", () => {
  it.each(framedPages)("%s answers 200 with the header, the footer and its heading", async (path, h1) => {
    const response = await client.get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.text).toMatch(/^<!DOCTYPE html><html lang="ru">/);
    expect(findByTestId(response.text, "site-header")).toHaveLength(1);
    expect(findByTestId(response.text, "site-footer")).toHaveLength(1);
    const headings = h1Texts(response.text);
    expect(headings).toHaveLength(1);
    if (typeof h1 === "string") expect(headings[0]).toBe(h1);
    else expect(headings[0]).toMatch(h1);
  });

  it("/login shows the first sign-in step, 'Вход или регистрация'", async () => {
    expect(textContent(await client.html("/login"))).toContain("Вход или регистрация");
  });

  it("/cabinet/create (step 3 of sign-in, blank layout) sends a visitor who is not signed in to /login", async () => {
    // Its blank layout with a signed-in buyer is checked in auth.test.ts.
    const response = await client.get("/cabinet/create");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent("/cabinet/create")}`);
  });

  it("a product page, reached from a catalogue section, answers 200 with the frame and its heading", async () => {
    const listing = await client.html("/catalog/gold/rf");
    const productLinks = tags(listing, "a")
      .map((link) => attribute(link, "href") ?? "")
      .filter((href) => /^\/products\/[^/?#]+$/.test(href));
    expect(productLinks.length, "the section lists coins").toBeGreaterThan(0);
    const response = await client.get(productLinks[0]!);
    expect(response.status).toBe(200);
    expect(findByTestId(response.text, "site-header")).toHaveLength(1);
    expect(findByTestId(response.text, "site-footer")).toHaveLength(1);
    expect(h1Texts(response.text)).toEqual([expect.stringMatching(/\S/)]);
    expect(canonicalHref(response.text)).toBe(publicUrl + productLinks[0]);
  });

  it("the search heading shows what was searched for", async () => {
    const html = await client.html("/search?q=%D0%BC%D0%BE%D0%BD%D0%B5%D1%82%D0%B0");
    expect(h1Texts(html)[0]).toContain("монета");
  });
});

describe("the account area", () => {
  it.each(accountPages)("%s sends a visitor who is not signed in to /login, to come back afterwards", async (path) => {
    const response = await firstVisit(path);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
  });

  it("keeps the query string in the way back, and the login page opens", async () => {
    const visitor = shop.client({ followRedirects: true });
    const response = await visitor.get("/my/orders?page=2");
    expect(response.redirects).toEqual([`${shop.url}/my/orders?page=2`]);
    expect(response.url).toBe(`${shop.url}/login?redirectTo=${encodeURIComponent("/my/orders?page=2")}`);
    expect(response.status).toBe(200);
    expect(textContent(response.text)).toContain("Вход или регистрация");
  });
});

describe("pages that do not exist", () => {
  const expectNotFoundPage = (html: string) => {
    expect(h1Texts(html)).toEqual([notFoundTexts.title]);
    expect(textContent(html)).toContain(notFoundTexts.message);
    const home = tags(html, "a").find((link) => attribute(link, "href") === "/" && html.includes(`${link}${notFoundTexts.home}</a>`));
    expect(home, "a 'Перейти на главную' link to /").toBeDefined();
    expect(findByTestId(html, "site-footer")).toHaveLength(1);
    expect(robotsMeta(html)).toBe("noindex");
    expect(canonicalHref(html)).toBeUndefined();
  };

  it.each(["/no-such-page", "/catalog/no-such-section", "/a/b/c/d/e", "/news/no/such/thing/here"])(
    "%s is a 404 'Страница не найдена' with a way home",
    async (path) => {
      const response = await client.get(path);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expectNotFoundPage(response.text);
      expect(response.text).toContain(`Page not found: ${path}`);
    },
  );

  it.each(["/catalog/page/1", "/news/page/1", "/news/page/abc", "/catalog/page/abc", "/catalog/gold/page/1", "/catalog/page/02", "/catalog/page/0"])(
    "%s fails page-number validation: 404 'Page Not Found'",
    async (path) => {
      const response = await client.get(path);
      expect(response.status).toBe(404);
      expectNotFoundPage(response.text);
      expect(response.text).toContain(`Page Not Found: ${path}`);
    },
  );

  it("an unknown product is a 404 'Страница не найдена'", async () => {
    const response = await client.get("/products/no-such-coin");
    expect(response.status).toBe(404);
    expectNotFoundPage(response.text);
  });

  it("a missing hashed asset is a plain 404, not a page", async () => {
    const response = await client.get("/assets/no-such-file-abc123.js");
    expect(response.status).toBe(404);
  });
});

describe("search engines", () => {
  it("a page without a query string is indexable; with one it carries noindex", async () => {
    for (const path of ["/", "/catalog/gold/rf", "/about"]) {
      expect(robotsMeta(await client.html(path)), path).toBeUndefined();
    }
    for (const path of ["/?utm_source=x", "/catalog/gold/rf?sort=price", "/about?x=1", "/search?q=x"]) {
      const html = await client.html(path);
      const robots = tags(html, "meta").filter((meta) => attribute(meta, "name") === "robots");
      expect(robots, path).toHaveLength(1);
      expect(attribute(robots[0]!, "content"), path).toBe("noindex");
    }
  });

  it("the canonical link is PUBLIC_URL plus the path, without the query", async () => {
    expect(canonicalHref(await client.html("/"))).toBe(`${publicUrl}/`);
    expect(canonicalHref(await client.html("/catalog/gold/rf"))).toBe(`${publicUrl}/catalog/gold/rf`);
    expect(canonicalHref(await client.html("/catalog/gold/rf?sort=price&page=3"))).toBe(`${publicUrl}/catalog/gold/rf`);
    expect(canonicalHref(await client.html("/about"))).toBe(`${publicUrl}/about`);
    const html = await client.html("/about");
    expect(tags(html, "link").filter((link) => attribute(link, "rel") === "canonical")).toHaveLength(1);
  });

  it("every page describes the shop as a Store with both phones and its opening hours", async () => {
    const html = await client.html("/contacts");
    const store = jsonLdBlocks(html).find((block) => block["@type"] === "Store");
    expect(store, "a Store JSON-LD block").toBeDefined();
    expect(store!.url).toBe(`${publicUrl}/`);
    const phones = JSON.stringify([store!.telephone, store!.contactPoint]);
    expect(phones).toContain("+74952696999");
    expect(phones).toContain("+78005002972");
    expect(store!.openingHoursSpecification).toEqual([
      expect.objectContaining({ dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday"], opens: "10:00", closes: "18:00" }),
      expect.objectContaining({ dayOfWeek: ["Friday"], opens: "10:00", closes: "17:00" }),
    ]);
    // The same numbers are readable on the page.
    expect(textContent(html)).toContain("+7 (495) 269-69-99");
    expect(textContent(html)).toContain("+7 (800) 500-29-72");
  });

  it("robots.txt points to the sitemap and keeps crawlers out of the buyer's pages", async () => {
    const response = await client.get("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const lines = response.text.split("\n").map((line) => line.trim());
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain(`Sitemap: ${publicUrl}/sitemap.xml`);
    for (const path of ["/my", "/cart", "/checkout"]) expect(lines).toContain(`Disallow: ${path}`);
    // The catalogue itself stays open.
    expect(lines).not.toContain("Disallow: /");
    expect(lines).not.toContain("Disallow: /catalog");
  });

  it("sitemap.xml lists the public pages at the PUBLIC_URL origin, and each of them opens", async () => {
    const response = await client.get("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/xml/);
    expect(response.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\s*<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const locations = [...response.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    expect(locations).toContain(`${publicUrl}/catalog/gold/rf`);
    expect(locations).toContain(`${publicUrl}/about`);
    expect(locations).toContain(`${publicUrl}/`);
    expect(new Set(locations).size).toBe(locations.length);
    for (const location of locations) {
      expect(location.startsWith(`${publicUrl}/`), location).toBe(true);
      expect(location, "no private pages").not.toMatch(/\/(my|cart|checkout|login)(\/|$)/);
    }
    const statuses = await Promise.all(locations.map(async (location) => [location, (await client.get(location.slice(publicUrl.length))).status] as const));
    expect(statuses.filter(([, status]) => status !== 200)).toEqual([]);
  });

  // The fixed pages come from their routes' handles, not a table; the same pages, order and frequencies.
  it("sitemap.xml lists first the fixed pages whose routes' handles ask for it, with their change frequency", async () => {
    const xml = (await client.get("/sitemap.xml")).text;
    const urls = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>[^<]*<\/lastmod>)?(?:<changefreq>([^<]+)<\/changefreq>)?<\/url>/g)];
    expect(urls.slice(0, 7).map((match) => [match[1]!.slice(publicUrl.length), match[2]])).toEqual([
      ["/", "hourly"],
      ["/quotes-online", "hourly"],
      ["/new-issues", "daily"],
      ["/promo", "weekly"],
      ["/news", "daily"],
      ["/cases", "monthly"],
      ["/training", "monthly"],
    ]);
  });

  it("an address with a trailing slash moves permanently to the one without, keeping the query", async () => {
    const about = await firstVisit("/about/");
    expect(about.status).toBe(301);
    expect(about.headers.get("location")).toBe("/about");
    const section = await firstVisit("/catalog/gold/rf/?sort=price");
    expect(section.status).toBe(301);
    expect(section.headers.get("location")).toBe("/catalog/gold/rf?sort=price");
    expect((await firstVisit("/")).status).toBe(200);
  });
});

describe("the visitor cookie", () => {
  const uuidCookie = /^uuid=([0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}); Max-Age=31536000; Path=\/; HttpOnly; Secure; SameSite=Lax$/;
  const uuidCookiesOf = (headers: Headers) => headers.getSetCookie().filter((cookie) => cookie.startsWith("uuid="));

  // The id is issued with the visitor's first change, so pages read before it are the
  // same for everyone (and may be shared); a first GET carries no cookie at all.
  const addToCart = (visitor: ShopClient) => visitor.postForm("/cart", { intent: "add", productId: "1", quantity: "1" });

  it("is not set on a first visit that only reads pages", async () => {
    const visitor = shop.client();
    for (const path of ["/", "/catalog/gold", "/about", "/cart", "/no-such-page"]) {
      const response = await visitor.get(path);
      expect(response.headers.getSetCookie(), path).toEqual([]);
    }
    expect(await visitor.cookie("uuid")).toBeUndefined();
  });

  it("is set on the visitor's first change: a random uuid for one year, Secure, HttpOnly, SameSite=Lax", async () => {
    const one = shop.client();
    const first = await addToCart(one);
    expect(first.status).toBe(303);
    const cookies = uuidCookiesOf(first.headers);
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(uuidCookie);
    const other = uuidCookiesOf((await addToCart(shop.client())).headers)[0];
    expect(other).toMatch(uuidCookie);
    expect(other).not.toBe(cookies[0]);
  });

  it("is not set again while the browser sends a valid one", async () => {
    const visitor = shop.client();
    await addToCart(visitor);
    const id = await visitor.cookie("uuid");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    for (const path of ["/", "/catalog/gold", "/cart", "/no-such-page"]) {
      const response = await visitor.get(path);
      expect(uuidCookiesOf(response.headers), path).toEqual([]);
    }
    expect(uuidCookiesOf((await addToCart(visitor)).headers)).toEqual([]);
    expect(await visitor.cookie("uuid")).toBe(id);
  });

  it("replaces a malformed one with the next change", async () => {
    const visitor = shop.client();
    await visitor.setCookie("uuid=not-a-uuid; Path=/");
    expect(uuidCookiesOf((await visitor.get("/about")).headers)).toEqual([]);
    const response = await addToCart(visitor);
    const cookies = uuidCookiesOf(response.headers);
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(uuidCookie);
    expect(await visitor.cookie("uuid")).not.toBe("not-a-uuid");
  });

  // With JavaScript a first visit's page proposes the id before its first change
  // (app/modules/visitor/visitor-proposal.ts), so presses sent before the first answer are one visitor.
  const proposal = "7c9e6679-7425-40de-944b-e07fc1f0b2a1";
  const listIds = async (visitor: ShopClient, list: "wishlist" | "compare") =>
    (JSON.parse((await visitor.get(`/api/${list}`)).text) as { data: { id: number }[] }).data.map((product) => product.id);

  it("two changes sent together with the page's proposed id are one visitor's, whose cookie then carries that id", async () => {
    // Two requests that left the browser before either was answered: the same cookies, no visitor cookie.
    const [wishlisting, comparing] = [shop.client(), shop.client()];
    for (const request of [wishlisting, comparing]) await request.setCookie(`uuid_proposed=${proposal}; Path=/`);
    const [first, second] = await Promise.all([
      wishlisting.postForm("/wishlist", { intent: "add", productId: "1" }),
      comparing.postForm("/product-comparison", { intent: "add", productId: "2" }),
    ]);
    for (const response of [first, second]) {
      expect(uuidCookiesOf(response.headers)).toEqual([`uuid=${proposal}; Max-Age=31536000; Path=/; HttpOnly; Secure; SameSite=Lax`]);
      expect(response.headers.getSetCookie()).toContain("uuid_proposed=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax");
    }
    expect(await wishlisting.cookie("uuid_proposed")).toBeUndefined();
    expect(await listIds(wishlisting, "wishlist")).toEqual([1]);
    expect(await listIds(wishlisting, "compare")).toEqual([2]);
  });

  it("a proposal does not replace the visitor's cookie, and one that is not a uuid is not taken", async () => {
    const visitor = shop.client();
    await addToCart(visitor);
    const id = await visitor.cookie("uuid");
    await visitor.setCookie(`uuid_proposed=${randomUUID()}; Path=/`);
    const answer = await visitor.postForm("/wishlist", { intent: "add", productId: "1" });
    expect(uuidCookiesOf(answer.headers)).toEqual([]);
    expect(await visitor.cookie("uuid")).toBe(id);
    expect(await listIds(visitor, "wishlist")).toEqual([1]);

    const stranger = shop.client();
    await stranger.setCookie("uuid_proposed=' or 1=1 --; Path=/");
    await stranger.postForm("/wishlist", { intent: "add", productId: "1" });
    expect(await stranger.cookie("uuid")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe("the frame on named routes", () => {
  it("shows the free-delivery banner everywhere but on /partners", async () => {
    for (const path of ["/", "/about", "/catalog/gold", "/cart", "/checkout", "/contacts"]) {
      const banners = findByTestId(await client.html(path), "delivery-banner");
      expect(banners, path).toHaveLength(1);
    }
    expect(findByTestId(await client.html("/partners"), "delivery-banner")).toEqual([]);
  });

  it("on /cart and /checkout the header sticks to the top and the quotes bar shows only on large screens", async () => {
    const home = await client.html("/");
    const homeHeader = classNames(findByTestId(home, "site-header")[0]!);
    const homeQuotes = classNames(findByTestId(home, "quotes-bar")[0]!);
    // Every stylesheet of the page, to see what the extra classes do.
    const css = (
      await Promise.all(
        tags(home, "link")
          .filter((link) => attribute(link, "rel") === "stylesheet")
          .map(async (link) => (await client.get(attribute(link, "href")!)).text),
      )
    ).join("\n");

    for (const path of ["/cart", "/checkout"]) {
      const html = await client.html(path);
      const header = classNames(findByTestId(html, "site-header")[0]!);
      const quotes = classNames(findByTestId(html, "quotes-bar")[0]!);
      const stickyClasses = header.filter((name) => !homeHeader.includes(name));
      const largeOnlyClasses = quotes.filter((name) => !homeQuotes.includes(name));
      expect(header, path).toEqual(expect.arrayContaining(homeHeader));
      expect(stickyClasses, `${path}: the header has an extra class`).toHaveLength(1);
      expect(largeOnlyClasses, `${path}: the quotes bar has an extra class`).toHaveLength(1);
      expect(css, "the extra header class makes it sticky at the top").toMatch(new RegExp(`\\.${stickyClasses[0]}\\{[^}]*position:sticky[^}]*\\}`));
      expect(css, "the extra quotes-bar class hides it below a breakpoint").toMatch(new RegExp(`@media[^{]*\\{\\.${largeOnlyClasses[0]}\\{display:none\\}`));
    }
    // Elsewhere the frame is the ordinary one.
    const about = await client.html("/about");
    expect(classNames(findByTestId(about, "site-header")[0]!)).toEqual(homeHeader);
    expect(classNames(findByTestId(about, "quotes-bar")[0]!)).toEqual(homeQuotes);
  });
});

describe("serving", () => {
  it("/healthz answers 200 ok while the database answers", async () => {
    const response = await client.get("/healthz");
    expect(response.status).toBe(200);
    expect(response.text).toBe("ok");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  // A page rendered for the request is compressed as it streams, zstd first (the cheapest);
  // a page kept for everyone was compressed once, brotli first (the smallest): decision 041.
  it.each([
    // What Chromium, Firefox and Edge send.
    ["gzip, deflate, br, zstd", "zstd", "br"],
    // Safari.
    ["gzip, deflate, br", "br", "br"],
    ["br, gzip", "br", "br"],
    ["zstd;q=0, br, gzip", "br", "br"],
    ["gzip", "gzip", "gzip"],
  ])("HTML is compressed for Accept-Encoding %j with %s when rendered for the request, %s when shared", async (accept, streamed, kept) => {
    // A cookie the shop does not know makes the request its own (anonymous-request.ts).
    const personal = await rawRequest(`${shop.url}/catalog/gold/rf`, { headers: { "Accept-Encoding": accept, Cookie: "returning=1" } });
    const shared = await rawRequest(`${shop.url}/catalog/gold/rf`, { headers: { "Accept-Encoding": accept } });
    for (const [response, encoding] of [
      [personal, streamed],
      [shared, kept],
    ] as const) {
      expect(response.status).toBe(200);
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.headers.vary).toMatch(/Accept-Encoding/i);
      expect(response.text).toMatch(/^<!DOCTYPE html>/);
      expect(h1Texts(response.text)).toEqual(["Золотые монеты России"]);
      expect(response.raw.length).toBeLessThan(Buffer.byteLength(response.text) / 2);
    }
    expect(personal.headers["x-page-cache"]).toBeUndefined();
    expect(shared.headers["x-page-cache"]).toMatch(/^(hit|miss)$/);
  });

  it("HTML is sent uncompressed to a client that accepts no encoding", async () => {
    const response = await rawRequest(`${shop.url}/catalog/gold/rf`, { headers: { "Accept-Encoding": "identity" } });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(h1Texts(response.text)).toEqual(["Золотые монеты России"]);
  });

  it("hashed assets are cached for a year as immutable, and compressed; other files are not immutable", async () => {
    const html = await client.html("/");
    const stylesheet = tags(html, "link").find((link) => attribute(link, "rel") === "stylesheet");
    // React Router marks a stylesheet that a lazily loaded chunk also brings with a trailing
    // "#", so the browser does not load it twice; the fragment never reaches the server.
    const href = attribute(stylesheet!, "href")!.replace(/#$/, "");
    expect(href).toMatch(/^\/assets\/.+\.css$/);

    const asset = await rawRequest(shop.url + href, { headers: { "Accept-Encoding": "br, gzip" } });
    expect(asset.status).toBe(200);
    expect(asset.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers["content-encoding"]).toBe("br");
    expect(asset.text.length).toBeGreaterThan(0);

    const favicon = await rawRequest(`${shop.url}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers["cache-control"]).not.toMatch(/immutable/);
  });

  it("HEAD answers like GET without a body", async () => {
    const get = await client.get("/about");
    const head = await client.head("/about");
    expect(head.status).toBe(200);
    expect(head.text).toBe("");
    expect(head.headers.get("content-type")).toBe(get.headers.get("content-type"));

    const raw = await rawRequest(`${shop.url}/about`, { method: "HEAD" });
    expect(raw.raw.length).toBe(0);

    expect((await client.head("/no-such-page")).status).toBe(404);
    expect((await client.head("/my/orders")).status).toBe(302);
    const html = await client.html("/");
    const href = attribute(
      tags(html, "link").find((link) => attribute(link, "rel") === "stylesheet")!,
      "href",
    )!;
    const asset = await client.head(href);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});
