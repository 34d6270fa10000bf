import type { Seeder } from "../db/seed.server.ts";
import { buybackOffers } from "../db/schema.ts";

/**
 * The coins the shop buys back most often (figures from coins.json: pure metal in
 * grams). Gold bullion coins are bought near their metal value; silver carries a wider
 * spread, since the shop resells it with VAT.
 */
type Offer = typeof buybackOffers.$inferInsert;

const offers: Omit<Offer, "position">[] = [
  { name: "Георгий Победоносец 50 рублей (ММД)", metal: "gold", pureGrams: 7.78, discountPercent: 4 },
  { name: "Георгий Победоносец 50 рублей (СПМД)", metal: "gold", pureGrams: 7.78, discountPercent: 4.5 },
  { name: "Георгий Победоносец 100 рублей", metal: "gold", pureGrams: 15.55, discountPercent: 4.5 },
  { name: "Георгий Победоносец 25 рублей", metal: "gold", pureGrams: 3.11, discountPercent: 7 },
  { name: "Червонец «Сеятель» 10 рублей (1975–1982)", metal: "gold", pureGrams: 7.742, discountPercent: 4 },
  { name: "Золотой червонец 10 рублей 2023", metal: "gold", pureGrams: 7.78, discountPercent: 4 },
  { name: "Сочи 2014 «Леопард» 50 рублей", metal: "gold", pureGrams: 7.78, discountPercent: 5 },
  { name: "10 рублей Николай II (империал-десятка)", metal: "gold", pureGrams: 7.74, discountPercent: 6 },
  { name: "Крюгерранд 1 унция", metal: "gold", pureGrams: 31.1, discountPercent: 5 },
  { name: "Кленовый лист 1 унция, золото", metal: "gold", pureGrams: 31.1, discountPercent: 5 },
  { name: "Георгий Победоносец 3 рубля (серебро)", metal: "silver", pureGrams: 31.1, discountPercent: 22 },
  { name: "Соболь 3 рубля 1995", metal: "silver", pureGrams: 31.1, discountPercent: 22 },
  { name: "Кленовый лист 1 унция, серебро", metal: "silver", pureGrams: 31.1, discountPercent: 25 },
];

export const demoBuybackOffers: Offer[] = offers.map((offer, position) => ({ ...offer, position }));

export const buybackOffersSeeder: Seeder = {
  name: "buyback-offers",
  async run(db) {
    await db.insert(buybackOffers).values(demoBuybackOffers).onConflictDoNothing();
  },
};
