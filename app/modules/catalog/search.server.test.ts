import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withTempDatabase } from "#tests/support/temp-database.ts";
import { products } from "../db/schema.ts";
import { seedDatabase } from "../seed/seed.server.ts";
import { normalizeSearchQuery, prefixTsquery, searchProducts, searchTerms, searchWords, switchLayout } from "./search.server.ts";

describe("search words", () => {
  it("keeps letters and digits only, lower-cased, each word once", () => {
    expect(searchWords("Кленовый  ЛИСТ")).toEqual(["кленовый", "лист"]);
    expect(searchWords("1 унция")).toEqual(["1", "унция"]);
    expect(searchWords("Джума-Джами")).toEqual(["джума", "джами"]);
    expect(searchWords("31.1 г, 7,78")).toEqual(["31.1", "г", "7", "78"]);
    expect(searchWords("орёл орёл")).toEqual(["орёл"]);
    expect(searchWords("'; drop table products; --")).toEqual(["drop", "table", "products"]);
    expect(searchWords("<script>alert('x')</script>")).toEqual(["script", "alert", "x"]);
    expect(searchWords("!!! & | :* ( ) \\ ' \" <->")).toEqual([]);
  });

  it("builds an AND of quoted prefix lexemes, none from an empty query", () => {
    expect(prefixTsquery(["побед"])).toBe("'побед':*");
    expect(prefixTsquery(["кленовый", "лист"])).toBe("'кленовый':* & 'лист':*");
    expect(prefixTsquery(["o'brien"])).toBe("'o''brien':*");
    expect(prefixTsquery([])).toBeNull();
  });

  it("cuts a long query at 200 characters and collapses spaces", () => {
    expect(normalizeSearchQuery("  соболь \n  3  ")).toBe("соболь 3");
    expect(normalizeSearchQuery("я".repeat(500))).toHaveLength(200);
    expect(normalizeSearchQuery(null)).toBe("");
  });

  it("ignores words past the tenth", () => {
    expect(searchWords(Array.from({ length: 30 }, (_, i) => `w${i}`).join(" "))).toHaveLength(10);
  });
});

describe("layout switch and metal words", () => {
  it("reads an all-Latin query on the Russian layout, and leaves Cyrillic alone", () => {
    expect(switchLayout("utjhubq")).toBe("георгий");
    expect(switchLayout("cj,jkm")).toBe("соболь");
    expect(switchLayout("Соболь")).toBeNull();
    expect(switchLayout("999")).toBeNull();
  });

  it("takes metal and fineness words out of the text", () => {
    expect(searchTerms(["au", "999"])).toEqual({ metal: "gold", fineness: [999], text: [] });
    expect(searchTerms(["серебряный", "соболь"])).toEqual({ metal: "silver", fineness: [], text: ["соболь"] });
    expect(searchTerms(["золото", "ag", "1"])).toEqual({ metal: null, fineness: [], text: ["1"] });
  });
});

describe("searchProducts on the demo catalogue (PGlite)", () => {
  const database = withTempDatabase("search-test", (handle) => seedDatabase(handle.db, { onlyNew: true }).then(() => undefined));
  const rates = { gold: 10_000, silver: 120 };
  const page = { limit: 100, offset: 0 };
  const names = async (query: string) => (await searchProducts(database.handle.db, query, rates, page)).items.map((item) => item.name);

  it("finds «Георгий Победоносец» by the beginning of a word, name matches first", async () => {
    const found = await names("побед");
    expect(found).toContain("Георгий Победоносец 50 рублей (ММД)");
    expect(found[0]).toMatch(/Победоносец/);
  });

  it("finds the sables, the chervonets, the maple leaves and the one-ounce coins", async () => {
    const sables = await names("соболь");
    expect(sables.length).toBeGreaterThanOrEqual(3);
    for (const name of ["Соболь 3 рубля 1995 (инвестиционная)", "Соболь 3 рубля 1994", "Соболь 50 рублей 1994"]) expect(sables).toContain(name);

    const chervonets = await names("червонец");
    expect(chervonets).toContain("Золотой червонец 10 рублей 2023");
    expect(chervonets).toContain("Червонец «Сеятель» 10 рублей (1975–1982)");

    const maple = await names("кленовый лист");
    expect(maple.slice(0, 2).sort()).toEqual([
      "Кленовый лист 1 унция, золото (50 канадских долларов)",
      "Кленовый лист 1 унция, серебро (5 канадских долларов)",
    ]);

    const ounces = await names("1 унция");
    expect(ounces).toContain("Крюгерранд 1 унция");
    expect(ounces).toContain("Британия 1 унция, серебро (2 фунта)");
    expect(ounces).not.toContain("Соболь 3 рубля 1994");
  });

  it("reads English series names and ё/е alike", async () => {
    expect(await names("Maple Leaf")).toContain("Кленовый лист 1 унция, золото (50 канадских долларов)");
    expect(await names("орел")).toContain("Американский орёл 1 унция, золото (50 долларов США)");
  });

  it("treats SQL, HTML, operators and stop words as plain words, never as an error", async () => {
    for (const query of ["'; drop table products; --", "<script>alert(1)</script>", "!!! & | :*", "и", "zzzzqqq", "' OR 1=1 --", "a:* | b", "\\"]) {
      const result = await searchProducts(database.handle.db, query, rates, page);
      expect(result.total, query).toBe(result.items.length);
    }
    expect(await searchProducts(database.handle.db, "   ", rates, page)).toEqual({ items: [], total: 0 });
    const [left] = await database.handle.db.select({ n: count() }).from(products);
    expect(left!.n).toBe(53);
  });

  it("forgives misspellings, word forms and the Latin layout, and says what it searched instead", async () => {
    const cases: [string, string, string][] = [
      ["собль", "соболь", "Соболь 3 рубля 1994"],
      ["георгйи", "георгий", "Георгий Победоносец 50 рублей (ММД)"],
      ["червонцы", "червонец", "Золотой червонец 10 рублей 2023"],
      ["победоносца", "победоносец", "Георгий Победоносец 50 рублей (ММД)"],
      ["utjhubq", "георгий", "Георгий Победоносец 50 рублей (ММД)"],
    ];
    for (const [typed, suggestion, coin] of cases) {
      const result = await searchProducts(database.handle.db, typed, rates, page);
      expect(result.suggestion, typed).toBe(suggestion);
      expect(
        result.items.map((item) => item.name),
        typed,
      ).toContain(coin);
    }
    // A query that finds coins as typed is not corrected; gibberish stays gibberish.
    expect((await searchProducts(database.handle.db, "соболь", rates, page)).suggestion).toBeUndefined();
    expect(await searchProducts(database.handle.db, "qwzx ёжжж", rates, page)).toEqual({ items: [], total: 0 });
  });

  it("'Au 999' finds gold of 999 fineness only, 'серебро соболь' the silver sable only", async () => {
    const gold = (await searchProducts(database.handle.db, "Au 999", rates, page)).items;
    expect(gold.length).toBeGreaterThan(3);
    for (const card of gold) expect(card, card.name).toMatchObject({ metal: "gold" });
    const [rows] = [await database.handle.db.select({ name: products.name, fineness: products.fineness }).from(products)];
    const fineness = new Map(rows.map((row) => [row.name, row.fineness]));
    for (const card of gold) expect(Math.floor(fineness.get(card.name)!), card.name).toBe(999);
    const silverSables = (await searchProducts(database.handle.db, "серебро соболь", rates, page)).items;
    expect(silverSables.length).toBeGreaterThan(0);
    for (const card of silverSables) expect(card.metal).toBe("silver");
  });

  it("pages with a stable order and counts all matches", async () => {
    const all = await searchProducts(database.handle.db, "унция", rates, page);
    expect(all.total).toBeGreaterThan(5);
    const first = await searchProducts(database.handle.db, "унция", rates, { limit: 3, offset: 0 });
    const second = await searchProducts(database.handle.db, "унция", rates, { limit: 3, offset: 3 });
    expect(first.total).toBe(all.total);
    expect([...first.items, ...second.items].map((item) => item.id)).toEqual(all.items.slice(0, 6).map((item) => item.id));
    expect((await searchProducts(database.handle.db, "унция", rates, { limit: 3, offset: 1000 })).items).toEqual([]);
  });

  it("shows cards with prices from the rates, and leaves archived coins out", async () => {
    const [card] = (await searchProducts(database.handle.db, "Крюгерранд", rates, page)).items;
    expect(card).toMatchObject({ slug: expect.any(String), metal: "gold", inStock: true });
    expect(card!.price).toBeGreaterThan(0);
    await database.handle.db.update(products).set({ status: "archived" }).where(eq(products.id, card!.id));
    expect((await searchProducts(database.handle.db, "Крюгерранд", rates, page)).total).toBe(0);
    await database.handle.db.update(products).set({ status: "active" }).where(eq(products.id, card!.id));
  });
});
