import type { Seeder } from "./seeder.ts";
import { eq, inArray } from "drizzle-orm";
import { buybackOffers, products } from "../db/schema.ts";

/**
 * The coins the shop buys back most often (figures from coins.json: pure metal in
 * grams). Gold bullion coins are bought near their metal value; silver carries a wider
 * spread, since the shop resells it with VAT.
 */
type Offer = typeof buybackOffers.$inferInsert;

/** `sku`: the catalogue's coin, whose buy-back discount becomes the line's (one price on both pages). */
const offers: Array<Omit<Offer, "position" | "productId"> & { sku: string }> = [
  { sku: "AU-0001", name: "Георгий Победоносец 50 рублей (ММД)", metal: "gold", pureGrams: 7.78, discountPercent: 4 },
  { sku: "AU-0002", name: "Георгий Победоносец 50 рублей (СПМД)", metal: "gold", pureGrams: 7.78, discountPercent: 4.5 },
  { sku: "AU-0005", name: "Георгий Победоносец 100 рублей", metal: "gold", pureGrams: 15.55, discountPercent: 4.5 },
  { sku: "AU-0004", name: "Георгий Победоносец 25 рублей", metal: "gold", pureGrams: 3.11, discountPercent: 7 },
  { sku: "AU-0008", name: "Червонец «Сеятель» 10 рублей (1975–1982)", metal: "gold", pureGrams: 7.742, discountPercent: 4 },
  { sku: "AU-0009", name: "Золотой червонец 10 рублей 2023", metal: "gold", pureGrams: 7.78, discountPercent: 4 },
  { sku: "AU-0011", name: "Сочи 2014 «Леопард» 50 рублей", metal: "gold", pureGrams: 7.78, discountPercent: 5 },
  { sku: "AU-0014", name: "10 рублей Николай II (империал-десятка)", metal: "gold", pureGrams: 7.74, discountPercent: 6 },
  { sku: "AU-0036", name: "Крюгерранд 1 унция", metal: "gold", pureGrams: 31.1, discountPercent: 5 },
  { sku: "AU-0037", name: "Кленовый лист 1 унция, золото", metal: "gold", pureGrams: 31.1, discountPercent: 5 },
  { sku: "AG-0003", name: "Георгий Победоносец 3 рубля (серебро)", metal: "silver", pureGrams: 31.1, discountPercent: 22 },
  { sku: "AG-0010", name: "Соболь 3 рубля 1995", metal: "silver", pureGrams: 31.1, discountPercent: 22 },
  { sku: "AG-0038", name: "Кленовый лист 1 унция, серебро", metal: "silver", pureGrams: 31.1, discountPercent: 25 },
];

export const demoBuybackOffers: Offer[] = offers.map(({ sku: _sku, ...offer }, position) => ({ ...offer, position }));

export const buybackOffersSeeder: Seeder = {
  name: "buyback-offers",
  async run(db) {
    const catalogue = new Map(
      (
        await db
          .select({ id: products.id, sku: products.sku })
          .from(products)
          .where(
            inArray(
              products.sku,
              offers.map((offer) => offer.sku),
            ),
          )
      ).map((row) => [row.sku, row.id]),
    );
    await db
      .insert(buybackOffers)
      .values(offers.map(({ sku, ...offer }, position) => ({ ...offer, position, productId: catalogue.get(sku) ?? null })))
      .onConflictDoNothing();
    // The coin's own discount is the one both pages read.
    for (const offer of offers) {
      await db.update(products).set({ buybackDiscountPercent: offer.discountPercent }).where(eq(products.sku, offer.sku));
    }
  },
};
