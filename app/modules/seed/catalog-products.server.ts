import { and, eq, sql } from "drizzle-orm";
import type { Seeder } from "./seeder.ts";
import { products, type ProductImage } from "../db/schema.ts";
import demoCatalog from "../catalog/demo-catalog.json" with { type: "json" };
import type { Metal } from "../db/column-values.ts";

type DemoProduct = (typeof demoCatalog)[number];

/** The generated pictures of a demo coin (drawn at start by the images module): obverse and reverse. */
export function demoProductImages(product: Pick<DemoProduct, "slug" | "name">): ProductImage[] {
  return [
    { src: `products/${product.slug}-1.png`, alt: `${product.name}, аверс`, width: 800, height: 800 },
    { src: `products/${product.slug}-2.png`, alt: `${product.name}, реверс`, width: 800, height: 800 },
  ];
}

export function demoProductRows(now = new Date()): (typeof products.$inferInsert)[] {
  return demoCatalog.map(({ ageDays, ...product }) => ({
    ...product,
    metal: product.metal as Metal,
    kind: product.kind as "investment" | "commemorative",
    pricing: product.pricing as "metal" | "fixed",
    vat: product.vat as "exempt" | "included",
    images: demoProductImages(product),
    createdAt: new Date(now.getTime() - ageDays * 86_400_000),
  }));
}

/** Every coin of the researched data set, with stock, premiums and generated pictures. */
export const productsSeeder: Seeder = {
  name: "catalog-products",
  async run(db) {
    await db.insert(products).values(demoProductRows()).onConflictDoNothing();
  },
};

/**
 * The demo coins sold with VAT once had bullion premiums (6–12 %), which left the shop less than
 * the metal after VAT. A shop seeded before gets the catalogue's premiums for them, unless
 * the operator has changed the premium since.
 */
const formerVatCoinPremiums: Record<string, number> = { "AU-0008": 8, "AU-0014": 8, "AU-0015": 12, "AU-0036": 6 };

export const vatCoinPremiumsSeeder: Seeder = {
  name: "catalog-vat-coin-premiums",
  async run(db) {
    for (const [sku, former] of Object.entries(formerVatCoinPremiums)) {
      const premiumPercent = demoCatalog.find((coin) => coin.sku === sku)!.premiumPercent;
      await db
        .update(products)
        .set({ premiumPercent, updatedAt: sql`now()` })
        .where(and(eq(products.sku, sku), eq(products.premiumPercent, former), eq(products.pricing, "metal")));
    }
  },
};
