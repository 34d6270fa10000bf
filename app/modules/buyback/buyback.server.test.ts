import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import demoCatalog from "../catalog/demo-catalog.json" with { type: "json" };
import { productsSeeder } from "../catalog/products.seed.server.ts";
import { toDetails } from "../catalog/products.server.ts";
import { migrateDatabase, migrationsFolder, openDatabase } from "../db/client.server.ts";
import { buybackOffers, products } from "../db/schema.ts";
import { buybackPrice } from "../pricing/pricing.ts";
import { listBuybackPrices } from "./buyback.server.ts";
import { buybackOffersSeeder, demoBuybackOffers } from "./offers.seed.server.ts";
import { offerBuybackPrice } from "./price.ts";

const rates = { gold: 10_925.6, silver: 131.4 };

describe("one buy-back price per coin (issue 21 item 3)", () => {
  it("prices a list line by its catalogue coin when linked, by its own terms otherwise", () => {
    const offer = { metal: "gold" as const, pureGrams: 7.78, discountPercent: 4 };
    const coin = { metal: "gold" as const, pureGrams: 7.78, buybackDiscountPercent: 5 };
    expect(offerBuybackPrice(offer, coin, rates)).toBe(buybackPrice(coin, 5, rates));
    expect(offerBuybackPrice(offer, null, rates)).toBe(buybackPrice(offer, 4, rates));
  });

  it("gives a database upgraded from before the link the same number on both pages, keeping the list's prices", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "buyback-upgrade-"));
    const before = path.join(dir, "migrations");
    // The migrations as they were before this one: the upgrade must link the lines already there.
    cpSync(migrationsFolder(), before, { recursive: true });
    const journalFile = path.join(before, "meta/_journal.json");
    const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: Array<{ tag: string }> };
    const upgradeAt = journal.entries.findIndex((entry) => entry.tag.endsWith("_domain_hardening"));
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upgradeAt) }));
    const handle = await openDatabase({ dataDir: dir, databaseUrl: undefined, databasePoolMax: 1 });
    try {
      await migrateDatabase(handle, before);
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
      const linked = await handle.db.select({ name: buybackOffers.name, productId: buybackOffers.productId }).from(buybackOffers).orderBy(asc(buybackOffers.position));
      expect(linked.filter((row) => row.productId === null)).toEqual([]);
      for (const [index, line] of lines.entries()) {
        const offer = demoBuybackOffers[index]!;
        // The list's prices stay what sellers were quoted…
        expect(line.price, offer.name).toBe(buybackPrice(offer, offer.discountPercent, rates));
        // …and the coin's page now says the same.
        const [product] = await handle.db.select().from(products).where(eq(products.id, linked[index]!.productId!));
        expect(toDetails(product!, rates).buybackPrice, offer.name).toBe(line.price);
      }
    } finally {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    }
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
