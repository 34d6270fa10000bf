// The demo catalogue is what a visitor of a fresh shop sees: no coin in it may sell for less,
// net of VAT, than its metal or than the shop's own buy-back price, on any day of the shipped
// demo quotes (a fixed price is measured against the dearest day).
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withTempDatabase } from "#tests/support/temp-database.ts";
import { products } from "../db/schema.ts";
import embedded from "../quotes/embedded-series.json" with { type: "json" };
import { vatTreatment } from "../tax/vat.ts";
import { pricingRule } from "./products.server.ts";
import { demoProductRows, productsSeeder, vatCoinPremiumsSeeder } from "../seed/catalog-products.server.ts";
import { priceFloorIssues, priceFloorText } from "./price-floor.ts";

const sale = new Date("2026-06-01T12:00:00+03:00");
const days = embedded.series.XAU_RUB.map((gold, index) => ({ gold, silver: embedded.series.XAG_RUB[index]! }));

describe("the demo catalogue's prices", () => {
  it("net of VAT, no coin is under its metal value or its buy-back price on any day of the demo quotes", () => {
    const under: string[] = [];
    for (const row of demoProductRows()) {
      const coin = {
        metal: row.metal,
        pureGrams: row.pureGrams,
        buybackDiscountPercent: row.buybackDiscountPercent ?? 10,
        rule: pricingRule({
          pricing: row.pricing ?? "metal",
          premiumPercent: row.premiumPercent ?? 0,
          fixedPremium: row.fixedPremium ?? 0,
          fixedPrice: row.fixedPrice ?? null,
        }),
        vat: vatTreatment({
          kind: row.kind,
          country: row.country,
          issuer: row.issuer,
          denomination: row.denomination,
          quality: row.quality ?? null,
          vatOverride: null,
        }),
      };
      const issue = days.flatMap((rates) => priceFloorIssues(coin, rates, sale))[0];
      if (issue) under.push(`${row.sku} ${row.name}: ${priceFloorText(issue, coin.vat)}`);
    }
    expect(under).toEqual([]);
  });

  it("the check sees a coin with VAT sold at a bullion premium (the Krugerrand at 6 %) as under its metal and buy-back", () => {
    const krugerrand = {
      metal: "gold" as const,
      pureGrams: 31.1,
      buybackDiscountPercent: 5,
      rule: { kind: "metal" as const, premiumPercent: 6, fixedPremium: 0 },
      vat: "included" as const,
    };
    const issues = priceFloorIssues(krugerrand, { gold: 11_665, silver: 140 }, sale);
    expect(issues.map((issue) => issue.floor)).toEqual(["metal", "buyback"]);
    // 31,1 g × 11 665 ₽ × 1,06 = 384 549 ₽, of which 315 204 ₽ is the shop's after 22 % VAT.
    expect(priceFloorText(issues[0]!, "included").replace(/\s/g, " ")).toBe("Цена без НДС 315 204 ₽ ниже стоимости металла 362 781 ₽");
  });
});

describe("a shop seeded with the former premiums", () => {
  const database = withTempDatabase("demo-premiums", (handle) => productsSeeder.run(handle.db));
  const premiums = async () =>
    Object.fromEntries(
      (
        await database.handle.db
          .select({ sku: products.sku, premiumPercent: products.premiumPercent })
          .from(products)
          .where(inArray(products.sku, ["AU-0008", "AU-0014", "AU-0015", "AU-0036"]))
      ).map((row) => [row.sku, row.premiumPercent]),
    );

  it("gets the catalogue's premiums for the coins with VAT, except one the operator changed", async () => {
    const { db } = database.handle;
    for (const [sku, former] of Object.entries({ "AU-0008": 8, "AU-0014": 8, "AU-0015": 12, "AU-0036": 6 }))
      await db.update(products).set({ premiumPercent: former }).where(eq(products.sku, sku));
    await db.update(products).set({ premiumPercent: 40 }).where(eq(products.sku, "AU-0014"));
    await vatCoinPremiumsSeeder.run(db);
    expect(await premiums()).toEqual({ "AU-0008": 32, "AU-0014": 40, "AU-0015": 35, "AU-0036": 30 });
  });
});
