// npm run catalog as the operator runs it: on the embedded database of a stopped shop
// (refused while it runs), and on PostgreSQL under a running shop. What it changes shows
// in the shop: search, the YML feed; a bad file changes nothing.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "#tests/support/commands.ts";
import { textContent } from "#tests/support/html.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import { adminDatabaseUrl, embeddedOnlyElsewhere, embeddedOnlySkipReason, startShop } from "#tests/support/server.ts";
import { copyTemplateDataDir } from "#tests/support/shop-template.ts";

const script = "scripts/catalog.ts";
const slug = "zolotoy-sokol-1-uncia";

/** A new coin with a generated picture (the shop draws it at start); the Krugerrand sold out. */
const goodCsv = [
  "sku;slug;name;metal;kind;denomination;country;issuer;fineness;totalGrams;pureGrams;stock;premiumPercent;images",
  `AU-9001;${slug};"Золотой сокол 1 унция";gold;investment;100 рублей;Россия;Банк России;999,9;31,11;31,1;4;6,5;"[{""src"":""products/${slug}-1.png"",""alt"":""аверс"",""width"":800,""height"":800}]"`,
].join("\n");
const stockCsv = "sku,stock\nAU-0036,0\n";
const badJson = JSON.stringify([
  {
    sku: "AU-9002",
    slug: "ne-dolzhna-poyavitsya",
    name: "Не должна появиться",
    metal: "gold",
    kind: "investment",
    denomination: "1",
    country: "X",
    issuer: "X",
    fineness: 999,
    totalGrams: 1,
    pureGrams: 1,
  },
  { sku: "AU-0001", pureGrams: -1 },
  { sku: "AU-0002", metal: "platinum" },
]);

let dir: string;
const file = (name: string) => path.join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "shop-catalog-"));
  await writeFile(file("good.csv"), goodCsv);
  await writeFile(file("stock.csv"), stockCsv);
  await writeFile(file("bad.json"), badJson);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The offers of /yml.xml by SKU: availability and whether there is a picture. */
async function feed(client: ShopClient): Promise<Map<string, { available: string; pictures: string[] }>> {
  const xml = (await client.get("/yml.xml")).text;
  return new Map(
    [...xml.matchAll(/<offer id="([^"]+)" available="(true|false)">([\s\S]*?)<\/offer>/g)].map((match) => [
      match[1]!,
      { available: match[2]!, pictures: [...match[3]!.matchAll(/<picture>([^<]+)<\/picture>/g)].map((p) => p[1]!) },
    ]),
  );
}

describe.skipIf(embeddedOnlyElsewhere)(`npm run catalog on the embedded database${embeddedOnlySkipReason}`, () => {
  it("is refused while the shop runs, then imports, sets stock and premium, exports; the shop shows it", async () => {
    const dataDir = file("data");
    const env = { DATA_DIR: dataDir };
    // A shop that has run before: the run's migrated and seeded copy (a first start is lifecycle.test.ts's).
    await copyTemplateDataDir("seeded", dataDir);
    const first = await startShop({ embedded: true, env });
    try {
      const refused = await runCommand(script, ["import", file("good.csv")], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/открыта другим процессом/);
    } finally {
      await first.stop();
    }

    const usage = await runCommand(script, [], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/npm run catalog -- import ФАЙЛ/);

    const imported = await runCommand(script, ["import", file("good.csv")], env);
    expect(imported.stderr).toBe("");
    expect(imported.code).toBe(0);
    expect(imported.stdout).toBe("Загружено монет: 1 (новых: 1, обновлено: 0).\n");

    const bad = await runCommand(script, ["import", file("bad.json")], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("не загружен, в каталоге ничего не изменилось");
    expect(bad.stderr).toContain("Строка 2, поле pureGrams: должно быть положительным числом");
    expect(bad.stderr).toContain("Строка 3, поле metal: допустимые значения: gold, silver");

    const stock = await runCommand(script, ["stock", "AU-0001", "0"], env);
    expect(stock.code).toBe(0);
    expect(stock.stdout).toMatch(/^AU-0001 «.+»: остаток 0\.\n$/);
    const free = await runCommand(script, ["premium", "AU-9001", "-10"], env);
    expect(free.code).toBe(1);
    expect(free.stderr).toMatch(/^AU-9001: не изменено\. Цена [\d\s]+₽ ниже стоимости металла/);
    const premium = await runCommand(script, ["premium", "AU-9001", "7,5"], env);
    expect(premium.code).toBe(0);
    expect(premium.stdout).toMatch(/наценка 7,5 %/);
    // The operator's own cap of pieces per order for one coin.
    const limit = await runCommand(script, ["limit", "AU-9001", "2"], env);
    expect(limit.stderr).toBe("");
    expect(limit.stdout).toBe("AU-9001 «Золотой сокол 1 унция»: в заказе не больше 2 шт.\n");
    const badLimit = await runCommand(script, ["limit", "AU-9001", "0"], env);
    expect(badLimit.code).toBe(1);
    expect(badLimit.stderr).toBe("maxPerOrder: должно быть целым числом от 1 (или пусто: общий предел).\n");
    const cleared = await runCommand(script, ["limit", "AU-0002", "-"], env);
    expect(cleared.stdout).toBe("AU-0002 «Георгий Победоносец 50 рублей (СПМД)»: в заказе не больше 50 шт. (общий предел).\n");

    // The operator's VAT override: the Golden Falcon is an investment coin of the Bank of Russia.
    // At a premium of 7.5 %, 22 % VAT leaves the shop less than the metal: the operator confirms it or nothing changes.
    const underMetal = await runCommand(script, ["vat", "AU-9001", "vat"], env);
    expect(underMetal.code).toBe(1);
    expect(underMetal.stderr).toMatch(
      /^AU-9001: не изменено\. Цена без НДС [\d\s]+₽ ниже стоимости металла [\d\s]+₽; .*Если так и задумано, добавьте --confirm-below-floor\.\n$/,
    );
    const vat = await runCommand(script, ["vat", "AU-9001", "vat", "--confirm-below-floor"], env);
    expect(vat.stderr).toBe("");
    expect(vat.stdout).toBe("AU-9001 «Золотой сокол 1 унция»: Цена включает НДС 22 % (задано вручную).\n");
    const badVat = await runCommand(script, ["vat", "AU-9001", "maybe"], env);
    expect(badVat.code).toBe(1);
    expect(badVat.stderr).toBe("НДС: exempt (не облагается), vat (облагается) или auto (по правилу), а не «maybe».\n");

    const unknown = await runCommand(script, ["stock", "NOPE-1", "3"], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe("Монеты с артикулом NOPE-1 в каталоге нет.\n");
    const badStock = await runCommand(script, ["stock", "AU-0001", "-2"], env);
    expect(badStock.code).toBe(1);
    expect(badStock.stderr).toBe("stock: должно быть целым числом не меньше 0.\n");
    const missing = await runCommand(script, ["import", file("missing.csv")], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(`Файл не найден: ${file("missing.csv")}\n`);

    const exported = await runCommand(script, ["export", file("export.json")], env);
    expect(exported.code).toBe(0);
    const products = JSON.parse(await readFile(file("export.json"), "utf8")) as Array<Record<string, unknown>>;
    expect(products.find((p) => p.sku === "AU-9001")).toMatchObject({ slug, stock: 4, premiumPercent: 7.5, pureGrams: 31.1, fineness: 999.9, maxPerOrder: 2 });
    expect(products.find((p) => p.sku === "AU-0001")).toMatchObject({ stock: 0 });
    expect(products.find((p) => p.sku === "AU-9002")).toBeUndefined();

    const second = await startShop({ embedded: true, env });
    try {
      const client = new ShopClient(second.url);
      const html = await client.html("/search?q=%D1%81%D0%BE%D0%BA%D0%BE%D0%BB");
      expect(html).toContain(`href="/products/${slug}"`);
      expect(html).toContain("Золотой сокол 1 унция");
      expect((await client.html("/search?q=%D0%BD%D0%B5+%D0%B4%D0%BE%D0%BB%D0%B6%D0%BD%D0%B0")).includes("ne-dolzhna-poyavitsya")).toBe(false);
      const productId = /name="productId" value="(\d+)"/.exec(await client.html(`/products/${slug}`))?.[1];
      expect((await client.postForm("/cart", { intent: "add", productId: productId!, quantity: "4" })).status).toBe(303);
      expect(textContent(await client.html("/cart"))).toContain("Не больше 2 шт. одной монеты в заказе: в корзине 2 шт.");
      expect(textContent(await client.html(`/products/${slug}`))).toContain("Цена включает НДС 22 %");

      const offers = await feed(client);
      expect(offers.size).toBe(54);
      expect(offers.get("AU-9001")!.available).toBe("true");
      expect(offers.get("AU-0001")!.available).toBe("false");
      expect(offers.get("AU-0002")!.available).toBe("true");
      expect(offers.has("AU-9002")).toBe(false);
      // The shop drew the new coin's picture at start; the feed's address serves it.
      const picture = offers.get("AU-9001")!.pictures[0]!;
      const image = await client.get(new URL(picture).pathname);
      expect(image.status, second.output()).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/jpeg");
    } finally {
      await second.stop();
    }
  }, 300_000);
});

describe("npm run catalog on PostgreSQL", () => {
  // Only on PostgreSQL: no shop is started for nothing on the embedded database.
  it.skipIf(!adminDatabaseUrl())(
    "changes a running shop at once",
    async () => {
      const shop = await startShop();
      try {
        const env = { DATABASE_URL: shop.databaseUrl!, DATA_DIR: file("pg-scratch") };
        const client = new ShopClient(shop.url);
        expect((await feed(client)).get("AU-0036")!.available).toBe("true");
        const imported = await runCommand(script, ["import", file("good.csv")], env);
        expect(imported.code, imported.stderr).toBe(0);
        expect((await runCommand(script, ["import", file("stock.csv")], env)).code).toBe(0);
        expect((await runCommand(script, ["import", file("bad.json")], env)).code).toBe(1);
        expect(await client.html("/search?q=%D1%81%D0%BE%D0%BA%D0%BE%D0%BB")).toContain(`href="/products/${slug}"`);
        const offers = await feed(client);
        expect(offers.get("AU-9001")!.available).toBe("true");
        expect(offers.get("AU-0036")!.available).toBe("false");
        expect(offers.has("AU-9002")).toBe(false);
        // Export to stdout: the JSON and nothing else.
        const exported = await runCommand(script, ["export"], env);
        expect(exported.code).toBe(0);
        const products = JSON.parse(exported.stdout) as Array<Record<string, unknown>>;
        expect(products.find((p) => p.sku === "AU-0036")).toMatchObject({ stock: 0 });
        expect(products.find((p) => p.sku === "AU-9001")).toMatchObject({ slug, stock: 4 });
      } finally {
        await shop.stop();
      }
    },
    120_000,
  );
});
