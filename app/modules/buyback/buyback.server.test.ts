import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import demoCatalog from "../catalog/demo-catalog.json" with { type: "json" };
import { productsSeeder } from "../seed/catalog-products.server.ts";
import { toDetails } from "../catalog/products.server.ts";
import { migrateDatabase, openDatabase } from "../db/client.server.ts";
import { buybackEvents, buybackOffers, products } from "../db/schema.ts";
import { buybackPrice } from "../pricing/pricing.ts";
import { listBuybackPrices } from "./buyback.server.ts";
import { buybackOffersSeeder, demoBuybackOffers } from "../seed/buyback-offers.server.ts";
import { gradedBuybackPrice, offerBuybackPrice } from "./price.ts";
import { buybackQuoteNumber, parseBuybackQuoteNumber } from "./statuses.ts";
import { onDatabaseBefore } from "#tests/support/upgrade-database.ts";

const rates = { gold: 10_925.6, silver: 131.4 };

describe("one buy-back price per coin", () => {
  it("prices a list line by its catalogue coin when linked, by its own terms otherwise", () => {
    const offer = { metal: "gold" as const, pureGrams: 7.78, discountPercent: 4 };
    const coin = { metal: "gold" as const, pureGrams: 7.78, buybackDiscountPercent: 5 };
    expect(offerBuybackPrice(offer, coin, rates)).toBe(buybackPrice(coin, 5, rates));
    expect(offerBuybackPrice(offer, null, rates)).toBe(buybackPrice(offer, 4, rates));
  });

  it("gives a database upgraded from before the link the same number on both pages, keeping the list's prices", async () => {
    // The migrations as they were before this one: the upgrade must link the lines already there.
    await onDatabaseBefore("_domain_hardening", async (handle) => {
      // The demo's coins as they were, with the old flat discounts, and the list with its own (the old columns only).
      for (const coin of demoCatalog) {
        await handle.db.execute(
          sql`insert into products (slug, sku, name, metal, kind, denomination, country, issuer, fineness, total_grams, pure_grams, buyback_discount_percent)
              values (${coin.slug}, ${coin.sku}, ${coin.name}, ${coin.metal}, ${coin.kind}, ${coin.denomination}, ${coin.country}, ${coin.issuer}, ${coin.fineness}, ${coin.totalGrams}, ${coin.pureGrams}, ${coin.buybackDiscountPercent})`,
        );
      }
      for (const offer of demoBuybackOffers) {
        await handle.db.execute(
          sql`insert into buyback_offers (name, metal, pure_grams, discount_percent, position) values (${offer.name}, ${offer.metal}, ${offer.pureGrams}, ${offer.discountPercent}, ${offer.position})`,
        );
      }

      await migrateDatabase(handle);
      const lines = await listBuybackPrices(handle.db, rates);
      expect(lines).toHaveLength(demoBuybackOffers.length);
      const linked = await handle.db
        .select({ name: buybackOffers.name, productId: buybackOffers.productId })
        .from(buybackOffers)
        .orderBy(asc(buybackOffers.position));
      expect(linked.filter((row) => row.productId === null)).toEqual([]);
      for (const [index, line] of lines.entries()) {
        const offer = demoBuybackOffers[index]!;
        // The list's prices stay what sellers were quoted…
        expect(line.price, offer.name).toBe(buybackPrice(offer, offer.discountPercent, rates));
        // …and the coin's page now says the same.
        const [product] = await handle.db.select().from(products).where(eq(products.id, linked[index]!.productId!));
        expect(toDetails(product!, rates).buybackPrice, offer.name).toBe(line.price);
      }
    });
  }, 60_000);

  it("links the demo list to the catalogue on a new database", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "buyback-seed-"));
    const handle = await openDatabase({ dataDir: dir, databaseUrl: undefined, databasePoolMax: 1 });
    try {
      await migrateDatabase(handle);
      await productsSeeder.run(handle.db);
      await buybackOffersSeeder.run(handle.db);
      for (const line of await listBuybackPrices(handle.db, rates)) {
        const [product] = await handle.db.select().from(products).where(eq(products.name, line.name));
        const coin = product ?? (await handle.db.select().from(products)).find((row) => row.name.startsWith(`${line.name} (`));
        expect(coin, line.name).toBeDefined();
        expect(toDetails(coin!, rates).buybackPrice, line.name).toBe(line.price);
      }
    } finally {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("the condition's percentage", () => {
  it("changes the one rule's price by the grade, in whole roubles rounded down, without float error", () => {
    // 84 065 ₽ at −3 %: 81 543.05 → 81 543 ₽; at −15 %: 71 455.25 → 71 455 ₽; 0 % leaves it.
    expect(gradedBuybackPrice(84_065, -3)).toBe(81_543);
    expect(gradedBuybackPrice(84_065, -15)).toBe(71_455);
    expect(gradedBuybackPrice(84_065, 0)).toBe(84_065);
    // Fractions of a percent and rises count too.
    expect(gradedBuybackPrice(100, -0.1)).toBe(99);
    expect(gradedBuybackPrice(29, 1)).toBe(29);
    expect(gradedBuybackPrice(1_000, 2.5)).toBe(1_025);
    expect(gradedBuybackPrice(500, -100)).toBe(0);
  });

  it("reads quote numbers as staff type them", () => {
    expect(buybackQuoteNumber(42)).toBe("В-000042");
    for (const typed of ["В-000042", "в-42", "B-42", "b42", "42", " 000042 "]) expect(parseBuybackQuoteNumber(typed), typed).toBe(42);
    for (const typed of ["Иванов", "+79161234567x", "В-", ""]) expect(parseBuybackQuoteNumber(typed), typed).toBeNull();
  });
});

describe("the staff's note of a call", () => {
  it("is taken out of the steps the seller reads on an upgraded database, the seller's own steps kept", async () => {
    await onDatabaseBefore("_buyback_internal_notes", async (handle) => {
      await handle.db.execute(
        sql`insert into buyback_requests (id, name, phone, items, status) values (1, 'Иван', '+79160000001', 'Соболь, 1 шт.', 'offered')`,
      );
      await handle.db.execute(
        sql`insert into buyback_events (request_id, status, note, actor) values
              (1, 'new', 'Заявка получена; цену назовёт оценщик', 'seller'),
              (1, 'contacted', 'Продавец торгуется, не уступать', 'staff'),
              (1, 'contacted', 'Цена пересчитана по котировкам. Цена 4 084 ₽', 'seller'),
              (1, 'offered', 'Предлагаем 4 000 ₽ за 1 шт.', 'staff')`,
      );
      await migrateDatabase(handle);
      const steps = await handle.db.select({ status: buybackEvents.status, note: buybackEvents.note }).from(buybackEvents).orderBy(asc(buybackEvents.id));
      expect(steps).toEqual([
        { status: "new", note: "Заявка получена; цену назовёт оценщик" },
        { status: "contacted", note: "" },
        { status: "contacted", note: "Цена пересчитана по котировкам. Цена 4 084 ₽" },
        { status: "offered", note: "Предлагаем 4 000 ₽ за 1 шт." },
      ]);
    });
  }, 60_000);
});
