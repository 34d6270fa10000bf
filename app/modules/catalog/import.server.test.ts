import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withTempDatabase } from "#tests/support/temp-database.ts";
import { products } from "../db/schema.ts";
import { seedDatabase } from "../seed/seed.server.ts";
import {
  CatalogCommandError,
  detectFormat,
  exportProducts,
  formatIssue,
  importProductFile,
  parseCsv,
  setPremium,
  setStock,
  type ImportResult,
} from "./import.server.ts";
import { filterChoices } from "./products.server.ts";
import { searchProducts } from "./search.server.ts";

const newCoin = {
  sku: "AU-9001",
  slug: "zolotoy-sokol-1-uncia",
  name: "Золотой сокол 1 унция",
  metal: "gold",
  kind: "investment",
  series: "Сокол",
  denomination: "100 рублей",
  country: "Россия",
  issuer: "Банк России",
  mint: "ММД",
  fineness: 999.9,
  totalGrams: 31.11,
  pureGrams: 31.1,
  description: "Новая монета для проверки импорта.",
  stock: 3,
  premiumPercent: 6.5,
};

const errorsOf = (result: ImportResult) => (result.ok ? [] : result.errors.map(formatIssue));

describe("CSV reading", () => {
  it("takes ; or , from the header, quoted fields with the delimiter, quotes and line breaks, CRLF and a BOM", () => {
    const { records, issues } = parseCsv('\uFEFFsku;name;description\r\nA-1;"Монета; ""Соболь""";"две\r\nстроки"\r\n\r\nA-2;Б;\r\n');
    expect(issues).toEqual([]);
    expect(records).toEqual([
      { line: 1, fields: ["sku", "name", "description"] },
      { line: 2, fields: ["A-1", 'Монета; "Соболь"', "две\r\nстроки"] },
      { line: 5, fields: ["A-2", "Б", ""] },
    ]);
    expect(parseCsv('sku,name\nA-1,"x, y"\n').records[1]!.fields).toEqual(["A-1", "x, y"]);
  });

  it("names the line of an unclosed quote or text after a closing quote", () => {
    expect(parseCsv('sku;name\nA-1;"open\n').issues).toEqual([{ row: 2, message: "кавычка не закрыта до конца файла" }]);
    expect(parseCsv('sku;name\nA-1;"x"y\nA-2;z\n').issues).toEqual([{ row: 2, message: "после закрывающей кавычки ожидается «;» или конец строки" }]);
  });

  it("tells JSON from CSV by the extension, else by the first character", () => {
    expect(detectFormat("a.json", "")).toBe("json");
    expect(detectFormat("a.CSV", "[")).toBe("csv");
    expect(detectFormat("stdin", "  [{}]")).toBe("json");
    expect(detectFormat("data", "sku;stock")).toBe("csv");
  });
});

describe("catalogue import on PGlite", () => {
  const database = withTempDatabase("import-test", (handle) => seedDatabase(handle.db, { onlyNew: true }).then(() => undefined));
  const db = () => database.handle.db;
  const bySku = async (sku: string) => (await db().select().from(products).where(eq(products.sku, sku)))[0];

  it("imports JSON: creates a new SKU with defaults, updates only the given fields of a known one", async () => {
    const before = (await bySku("AU-0001"))!;
    const result = await importProductFile(db(), JSON.stringify([newCoin, { sku: "AU-0001", stock: 77, premiumPercent: "7,5" }]), "coins.json");
    expect(result).toEqual({ ok: true, created: 1, updated: 1, skus: ["AU-9001", "AU-0001"] });

    const created = (await bySku("AU-9001"))!;
    // 'ММД' is stored as the mint's one name.
    expect(created).toMatchObject({
      ...newCoin,
      mint: "Московский монетный двор (ММД)",
      status: "active",
      pricing: "metal",
      vat: "included",
      images: [],
      collection: null,
      buybackDiscountPercent: 10,
    });
    const updated = (await bySku("AU-0001"))!;
    expect(updated).toMatchObject({ stock: 77, premiumPercent: 7.5, name: before.name, pureGrams: before.pureGrams, images: before.images });
    expect(updated.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());

    // The generated search column follows: the new coin is found.
    const found = await searchProducts(db(), "сокол", { gold: 10_000, silver: 100 }, { limit: 10, offset: 0 });
    expect(found.items.map((item) => item.slug)).toEqual(["zolotoy-sokol-1-uncia"]);
  });

  it("imports CSV with ; and decimal commas, quoted text, empty cells as null or default", async () => {
    const csv = [
      "sku;slug;name;metal;kind;denomination;country;issuer;mint;fineness;totalGrams;pureGrams;description;stock;pricing;fixedPrice",
      'AG-9002;serebryanyy-sokol;"Серебряный сокол; ""пруф""";silver;commemorative;3 рубля;Россия;Банк России;;925;33,94;31,1;"Первая строка',
      'вторая строка";12;fixed;"4 500"',
      "AU-9001;zolotoy-sokol-1-uncia;Золотой сокол 1 унция (новая цена);gold;investment;100 рублей;Россия;Банк России;СПМД;999,9;31,11;31,1;;0;;",
    ].join("\r\n");
    const result = await importProductFile(db(), csv, "coins.csv");
    expect(result).toEqual({ ok: true, created: 1, updated: 1, skus: ["AG-9002", "AU-9001"] });
    expect(await bySku("AG-9002")).toMatchObject({
      name: 'Серебряный сокол; "пруф"',
      mint: null,
      totalGrams: 33.94,
      pureGrams: 31.1,
      description: "Первая строка\r\nвторая строка",
      stock: 12,
      pricing: "fixed",
      fixedPrice: 4500,
    });
    expect(await bySku("AU-9001")).toMatchObject({
      name: "Золотой сокол 1 унция (новая цена)",
      mint: "Санкт-Петербургский монетный двор (СПМД)",
      description: "",
      stock: 0,
      pricing: "metal",
      fixedPrice: null,
    });
  });

  it("stores every spelling of a mint under its one name, so the filter offers each mint once", async () => {
    const rows = [
      { ...newCoin, sku: "AU-9201", slug: "mint-alias-1", mint: "Санкт-Петербургский монетный двор (СПБ)" },
      { ...newCoin, sku: "AU-9202", slug: "mint-alias-2", mint: "ЛМД/ММД" },
      { ...newCoin, sku: "AU-9203", slug: "mint-alias-3", mint: "Монетный двор США (Уэст-Пойнт / Сан-Франциско)" },
    ];
    expect(await importProductFile(db(), JSON.stringify(rows), "mints.json")).toMatchObject({ ok: true, created: 3 });
    expect((await bySku("AU-9201"))!.mint).toBe("Санкт-Петербургский монетный двор (СПМД)");
    expect((await bySku("AU-9202"))!.mint).toBe("Санкт-Петербургский монетный двор (СПМД); Московский монетный двор (ММД)");
    expect((await bySku("AU-9203"))!.mint).toBe("Монетный двор США");
    const { mints } = await filterChoices(db(), {});
    expect(mints.filter((mint) => /СПМД|СПБ|ЛМД|Петербург/.test(mint))).toEqual(["Санкт-Петербургский монетный двор (СПМД)"]);
    expect(mints.filter((mint) => /ММД|Москов/.test(mint))).toEqual(["Московский монетный двор (ММД)"]);
    expect(mints.filter((mint) => /США/.test(mint))).toEqual(["Монетный двор США"]);
    expect(new Set(mints).size).toBe(mints.length);
  });

  it("imports comma-separated CSV that sets only the stock", async () => {
    const result = await importProductFile(db(), "sku,stock\nAU-0002,0\nAG-0003,150\n", "stock.csv");
    expect(result).toMatchObject({ ok: true, created: 0, updated: 2 });
    expect((await bySku("AU-0002"))!.stock).toBe(0);
    expect((await bySku("AG-0003"))!.stock).toBe(150);
  });

  it("writes nothing at all when any row is bad, and names every row and field", async () => {
    const before = await exportProducts(db());
    const rows = [
      { ...newCoin, sku: "AU-9100", slug: "good-one" },
      { sku: "AU-0001", stock: 5 },
      { ...newCoin, sku: "AU-9101", slug: "bad-weight", pureGrams: -1 },
      { sku: "AU-9102", name: "Без полей" },
      { sku: "AU-0001", stock: 1 },
      { sku: "AU-0002", slug: "georgiy-pobedonosec-50-rubley-mmd", stokc: 3 },
      { sku: "AG-0003", metal: "platinum", stock: "2.5", fineness: 1200 },
      { sku: "AU-0004", pureGrams: 100_000 },
      { sku: "AU-0005", pricing: "fixed" },
      "строка",
    ];
    const demoSlug = before.find((product) => product.sku === "AU-0001")!.slug;
    rows[5] = { sku: "AU-0002", slug: demoSlug, stokc: 3 };
    const result = await importProductFile(db(), JSON.stringify(rows), "bad.json");
    expect(result.ok).toBe(false);
    const errors = errorsOf(result);
    expect(errors).toContain("Строка 3, поле pureGrams: должно быть положительным числом");
    expect(errors).toContain(
      "Строка 4, поля slug, metal, kind, denomination, country, issuer, fineness, totalGrams, pureGrams: обязательны для новой монеты (артикула AU-9102 в каталоге нет)",
    );
    expect(errors).toContain("Строка 5, поле sku: артикул AU-0001 уже был в строке 2");
    expect(errors).toContain(`Строка 6, поле slug: адрес ${demoSlug} уже занят монетой AU-0001`);
    expect(errors.find((e) => e.startsWith("Строка 6, поле stokc: неизвестное поле"))).toBeDefined();
    expect(errors).toContain("Строка 7, поле metal: допустимые значения: gold, silver");
    expect(errors).toContain("Строка 7, поле stock: должно быть целым числом не меньше 0");
    expect(errors).toContain("Строка 7, поле fineness: должно быть числом больше 0 и не больше 1000");
    expect(errors.find((e) => e.startsWith("Строка 8, поле pureGrams: чистого металла не может быть больше общего веса"))).toBeDefined();
    expect(errors).toContain("Строка 9, поле fixedPrice: нужна цена, когда pricing = fixed");
    expect(errors).toContain("Строка 10: ожидается объект с полями монеты");
    // Nothing changed, not even the good rows.
    expect(await exportProducts(db())).toEqual(before);
    expect(await bySku("AU-9100")).toBeUndefined();
  });

  it("reports CSV rows by their line, a wrong field count and empty required cells", async () => {
    const before = await exportProducts(db());
    const csv = ["sku;name;pureGrams;stock", "AU-0001;Новое имя;7,78;1", "AU-0002;;-3;2", "AU-0003;x", "AU-0004;Имя;abc;много"].join("\n");
    const result = await importProductFile(db(), csv, "bad.csv");
    expect(errorsOf(result)).toEqual([
      "Строка 3, поле name: обязательное поле, не может быть пустым",
      "Строка 3, поле pureGrams: должно быть положительным числом",
      "Строка 4: полей 2, а в заголовке 4",
      "Строка 5, поле pureGrams: должно быть положительным числом",
      "Строка 5, поле stock: должно быть целым числом не меньше 0",
    ]);
    expect(await exportProducts(db())).toEqual(before);
  });

  it("says what is wrong with a file that is not a list of coins", async () => {
    expect(errorsOf(await importProductFile(db(), "{", "x.json"))[0]).toMatch(/^Файл: не читается как JSON/);
    expect(errorsOf(await importProductFile(db(), '{"sku":"A"}', "x.json"))[0]).toMatch(/^Файл: ожидается JSON-массив/);
    expect(errorsOf(await importProductFile(db(), "[]", "x.json"))).toEqual(["Файл: в файле нет ни одной монеты"]);
    expect(errorsOf(await importProductFile(db(), "", "x.csv"))).toEqual(["Файл: файл пуст: нужна строка заголовка с названиями полей"]);
    expect(errorsOf(await importProductFile(db(), "sku;sku\nA;B\n", "x.csv"))).toContain("Строка 1, поле sku: столбец повторяется");
  });

  it("exports every product in the import's fields; importing the export changes nothing", async () => {
    const exported = await exportProducts(db());
    expect(exported.length).toBeGreaterThanOrEqual(55);
    expect(Object.keys(exported[0]!)).not.toContain("id");
    expect(Object.keys(exported[0]!)).toContain("pureGrams");
    const result = await importProductFile(db(), JSON.stringify(exported), "export.json");
    expect(result).toMatchObject({ ok: true, created: 0, updated: exported.length });
    expect(await exportProducts(db())).toEqual(exported);
  });

  it("sets stock and premium by SKU, refuses unknown SKUs and bad values", async () => {
    expect(await setStock(db(), "AU-0001", "12")).toMatchObject({ sku: "AU-0001", stock: 12 });
    expect(await setPremium(db(), "AU-0001", "8,25")).toMatchObject({ sku: "AU-0001", premiumPercent: 8.25 });
    expect((await bySku("AU-0001"))!).toMatchObject({ stock: 12, premiumPercent: 8.25 });
    await expect(setStock(db(), "NOPE-1", "1")).rejects.toThrow(new CatalogCommandError("Монеты с артикулом NOPE-1 в каталоге нет."));
    await expect(setStock(db(), "AU-0001", "-1")).rejects.toThrow("stock: должно быть целым числом не меньше 0.");
    await expect(setStock(db(), "AU-0001", "1.5")).rejects.toThrow(CatalogCommandError);
    await expect(setPremium(db(), "AU-0001", "abc")).rejects.toThrow("premiumPercent: должно быть числом от -50 до 1000.");
    expect((await bySku("AU-0001"))!).toMatchObject({ stock: 12, premiumPercent: 8.25 });
  });

  /** A CSV of `count` new coins, each with a long description (2 000 of them are about 1 MB). */
  const bigCsv = (count: number, prefix: string) =>
    [
      "sku;slug;name;metal;kind;denomination;country;issuer;fineness;totalGrams;pureGrams;stock;premiumPercent;description",
      ...Array.from(
        { length: count },
        (_, i) =>
          `${prefix}-${i};${prefix.toLowerCase()}-${i};Монета ${i};gold;investment;50 рублей;Россия;Банк России;999;7,8;7,78;5;8;${"Описание монеты для проверки. ".repeat(15)}`,
      ),
    ].join("\n");

  it("refuses a file of more than 2 000 coins with a Russian message before checking its rows, and writes nothing", async () => {
    const result = await importProductFile(db(), bigCsv(2_001, "BIG"), "big.csv");
    expect(errorsOf(result)).toEqual(["Файл: монет в файле 2\u00a0001, а за один раз загружается не больше 2\u00a0000: разбейте файл на части"]);
    expect(await bySku("BIG-0")).toBeUndefined();
  });

  it("a file of 2 000 coins lets the process answer other work while it is checked and written", async () => {
    // Other requests are turns of the event loop: count the turns a 5 ms timer gets during the import.
    let turns = 0;
    const watch = setInterval(() => turns++, 5);
    try {
      const result = await importProductFile(db(), bigCsv(2_000, "LOT"), "lot.csv");
      expect(result).toMatchObject({ ok: true, created: 2_000 });
    } finally {
      clearInterval(watch);
    }
    // One turn at least every 100 rows checked and every 100 written (the whole file used to run as one).
    expect(turns).toBeGreaterThanOrEqual(20);
  }, 120_000);
});
