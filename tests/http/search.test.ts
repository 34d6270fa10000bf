// /search against the built server, on PGlite by default and on PostgreSQL when
// DATABASE_URL is set (CI runs both): the same words find the same coins in the same
// order on both, odd input is harmless, the hint, the count, pages and SEO tags.
import { beforeAll, describe, expect, it } from "vitest";
import {
  attribute,
  attributeOf,
  byTestId,
  findByTestId,
  h1Texts,
  robotsMeta,
  selectAllIn,
  selectIn,
  tags,
  textByTestId,
  textContent,
  textOf,
  titleText,
} from "#tests/support/html.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import { runningShop } from "#tests/support/shop-fixture.ts";

const shop = runningShop({ env: { PUBLIC_URL: "https://shop.example" } });
let client: ShopClient;

beforeAll(() => {
  client = shop.client();
});

const search = (query: string, page?: number) => `/search?${new URLSearchParams({ q: query, ...(page ? { page: String(page) } : {}) })}`;

/** The product slugs of the result cards, in order. */
function cardSlugs(html: string): string[] {
  return byTestId(html, "product-card").map((card) => attributeOf(selectIn(card, 'a[href^="/products/"]'), "href")?.slice("/products/".length) ?? "?");
}

/** The text of the count line ("Найдено: 3 монеты"), with no-break spaces as spaces. */
function countLine(html: string): string | undefined {
  return textByTestId(html, "search-count")?.replace(/\u00a0/g, " ");
}

const plural = (n: number) => (n % 10 === 1 && n % 100 !== 11 ? "монета" : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? "монеты" : "монет");

describe("/search finds coins by words and their beginnings", () => {
  it("'побед' finds the «Георгий Победоносец» coins, the 50-rouble ones first", async () => {
    const html = await client.html(search("побед"));
    const slugs = cardSlugs(html);
    expect(slugs.length).toBeGreaterThanOrEqual(7);
    expect(slugs.slice(0, 3)).toEqual(["georgiy-pobedonosec-50-rubley-mmd", "georgiy-pobedonosec-50-rubley-spmd", "georgiy-pobedonosec-3-rublya-serebro"]);
    expect(countLine(html)).toBe(`Найдено: ${slugs.length} ${plural(slugs.length)}`);
    expect(h1Texts(html)).toEqual(["Результаты поиска «побед»"]);
  });

  it.each([
    ["соболь", ["sobol-3-rublya-1995-investicionnaya", "sobol-3-rublya-1994", "sobol-50-rubley-1994"], "Найдено: 3 монеты"],
    ["червонец", ["chervonec-seyatel-10-rubley-1975-1982", "zolotoy-chervonec-10-rubley-2023"], "Найдено: 2 монеты"],
    ["кленовый лист", ["klenovyy-list-1-unciya-zoloto-50-kanadskih-dollarov", "klenovyy-list-1-unciya-serebro-5-kanadskih-dollarov"], "Найдено: 2 монеты"],
    ["КЛЕНОВ лис", ["klenovyy-list-1-unciya-zoloto-50-kanadskih-dollarov", "klenovyy-list-1-unciya-serebro-5-kanadskih-dollarov"], "Найдено: 2 монеты"],
    ["Maple Leaf", ["klenovyy-list-1-unciya-zoloto-50-kanadskih-dollarov", "klenovyy-list-1-unciya-serebro-5-kanadskih-dollarov"], "Найдено: 2 монеты"],
    ["крюгерранд", ["kryugerrand-1-unciya"], "Найдено: 1 монета"],
  ])("'%s' finds exactly these coins in this order", async (query, slugs, count) => {
    const html = await client.html(search(query));
    expect(cardSlugs(html)).toEqual(slugs);
    expect(countLine(html)).toBe(count);
  });

  it("'1 унция' finds the one-ounce coins and nothing lighter", async () => {
    const html = await client.html(search("1 унция"));
    const slugs = cardSlugs(html);
    expect(slugs).toContain("kryugerrand-1-unciya");
    expect(slugs).toContain("britaniya-1-unciya-serebro-2-funta");
    expect(slugs).not.toContain("sobol-3-rublya-1994");
    expect(countLine(html)).toBe(`Найдено: ${slugs.length} ${plural(slugs.length)}`);
    // Every card links its coin and shows the metal, weight and fineness, a price and availability.
    const text = textContent(html);
    expect(text).toContain("Крюгерранд 1 унция");
    expect(findByTestId(html, "price").length).toBe(slugs.length);
    expect(text).toMatch(/\d[\d\u00a0\u202f ]* ₽/);
    expect(text).toMatch(/В наличии/);
    expect(text).toMatch(/Au 999|Au 916/);
  });

  it("finds nothing, harmlessly, for SQL, markup, operators and gibberish", async () => {
    for (const query of ["'; drop table products; --", "<script>alert(1)</script>", '" OR 1=1 --', "!!! & | :* <->", "qwzx ёжжж", "и"]) {
      const response = await client.get(search(query));
      expect(response.status, query).toBe(200);
      expect(response.text, query).not.toContain("<script>alert(1)</script>");
      const count = countLine(response.text);
      expect(count, query).toMatch(/^Найдено: \d+ монет[аы]?$/);
    }
    const markup = await client.html(search("<script>alert(1)</script>"));
    expect(markup).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(countLine(markup)).toBe("Найдено: 0 монет");
    expect(textContent(markup)).toContain("ничего не нашлось");
    // The catalogue is still all there.
    expect(cardSlugs(await client.html(search("соболь")))).toHaveLength(3);
  });

  it("cuts a query longer than 200 characters", async () => {
    const long = `соболь ${"я".repeat(400)}`;
    const html = await client.html(search(long));
    expect(h1Texts(html)).toEqual([`Результаты поиска «${long.slice(0, 200)}»`]);
    const input = tags(html, "input").find((tag) => attribute(tag, "id") === "search-page-query");
    expect(attribute(input!, "value")).toBe(long.slice(0, 200));
  });
});

describe("/search forgives typos, word forms, the Latin layout and reads metal words (no JS)", () => {
  it.each([
    ["собль", "соболь", "sobol-3-rublya-1994"],
    ["георгйи", "георгий", "georgiy-pobedonosec-50-rubley-mmd"],
    ["червонцы", "червонец", "zolotoy-chervonec-10-rubley-2023"],
    ["победоносца", "победоносец", "georgiy-pobedonosec-50-rubley-mmd"],
    ["utjhubq", "георгий", "georgiy-pobedonosec-50-rubley-mmd"],
  ])("'%s' offers «Возможно, вы искали: %s» as a link and shows those coins", async (typed, corrected, slug) => {
    const html = await client.html(search(typed));
    const [suggestion] = byTestId(html, "search-suggestion");
    expect(suggestion, typed).toBeDefined();
    expect(textOf(suggestion)).toContain(`Возможно, вы искали: ${corrected}.`);
    expect(selectAllIn(suggestion!, "a").map((a) => attributeOf(a, "href"))).toEqual([search(corrected)]);
    expect(cardSlugs(html)).toContain(slug);
    // The link leads to the corrected search, which needs no correction.
    const followed = await client.html(search(corrected));
    expect(findByTestId(followed, "search-suggestion")).toHaveLength(0);
    expect(cardSlugs(followed)).toContain(slug);
  });

  it("'Au 999' shows gold coins only; a query found as typed has no suggestion", async () => {
    const html = await client.html(search("Au 999"));
    const cards = byTestId(html, "product-card");
    expect(cards.length).toBeGreaterThan(3);
    for (const card of cards) expect(textOf(card)).toMatch(/Au 999/);
    expect(textContent(html)).not.toMatch(/Ag \d/);
    expect(findByTestId(await client.html(search("соболь")), "search-suggestion")).toHaveLength(0);
  });

  it("both search forms cut a paste at 200 characters, so a long query never makes the address too long", async () => {
    const html = await client.html("/search?q=x");
    const inputs = tags(html, "input").filter((tag) => attribute(tag, "name") === "q");
    expect(inputs.length).toBeGreaterThanOrEqual(2);
    // HTML attribute names are case-insensitive; React writes "maxLength".
    for (const input of inputs) expect(attribute(input, "maxlength") ?? attribute(input, "maxLength"), input).toBe("200");
    // What a form with the limit can send (200 Cyrillic letters, 1.2 KB encoded) gets the normal page.
    const response = await client.get(search("ж".repeat(200)));
    expect(response.status).toBe(200);
    expect(textContent(response.text)).toContain("ничего не нашлось");
  });
});

describe("the search page", () => {
  it("without a query shows what one can search for, with example links", async () => {
    for (const path of ["/search", "/search?q=", "/search?q=%20%20%20"]) {
      const html = await client.html(path);
      expect(h1Texts(html)).toEqual(["Поиск по каталогу"]);
      expect(findByTestId(html, "search-hint")).toHaveLength(1);
      expect(countLine(html)).toBeUndefined();
      expect(findByTestId(html, "product-card")).toHaveLength(0);
      const links = tags(html, "a").map((a) => attribute(a, "href"));
      expect(links).toContain(search("Георгий Победоносец"));
      expect(links).toContain(search("1 унция"));
    }
    // The example links work.
    expect(cardSlugs(await client.html(search("Георгий Победоносец"))).length).toBeGreaterThan(0);
  });

  it("carries noindex whenever the address has a query, and a title and description", async () => {
    const html = await client.html(search("соболь"));
    expect(robotsMeta(html)).toBe("noindex");
    expect(titleText(html)).toBe("Поиск: соболь — Аурум");
    const description = tags(html, "meta").find((tag) => attribute(tag, "name") === "description");
    expect(attribute(description!, "content")).toBe("По запросу «соболь» найдено 3 монеты из золота и серебра с ценами по текущим котировкам.");
    expect(robotsMeta(await client.html("/search?q="))).toBe("noindex");
  });

  it("pages by 24 with ?page=, and a page past the last is a 404", async () => {
    const first = await client.html(search("монета"));
    const total = Number(/Найдено: (\d+)/.exec(countLine(first) ?? "")?.[1]);
    expect(total).toBeGreaterThan(48);
    const pageCount = Math.ceil(total / 24);
    expect(cardSlugs(first)).toHaveLength(24);
    const links = tags(first, "a").map((a) => attribute(a, "href"));
    expect(links).toContain(search("монета", 2));

    const second = await client.html(search("монета", 2));
    expect(cardSlugs(second)).toHaveLength(24);
    expect(h1Texts(second)).toEqual(["Результаты поиска «монета» — страница 2"]);
    expect(titleText(second)).toBe("Поиск: монета — страница 2 — Аурум");
    expect(cardSlugs(second).filter((slug) => cardSlugs(first).includes(slug))).toEqual([]);

    const last = await client.html(search("монета", pageCount));
    expect(cardSlugs(last)).toHaveLength(total - 24 * (pageCount - 1));
    // ?page=1 is the first page.
    expect(cardSlugs(await client.html(`${search("монета")}&page=1`))).toEqual(cardSlugs(first));

    for (const path of [
      search("монета", pageCount + 1),
      search("соболь", 2),
      search("qwzx", 2),
      "/search?page=2",
      `${search("монета")}&page=0`,
      `${search("монета")}&page=abc`,
      `${search("монета")}&page=-1`,
    ]) {
      const response = await client.get(path);
      expect(response.status, path).toBe(404);
      expect(robotsMeta(response.text), path).toBe("noindex");
    }
  });
});
