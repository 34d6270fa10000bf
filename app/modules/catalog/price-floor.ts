import { coinBuybackPrice } from "../buyback/price.ts";
import { metalValue, salePrice, type MetalRates, type PricingRule } from "../pricing/pricing.ts";
import { formatMoney } from "../shared/format.ts";
import { generalVatRate, type VatTreatment } from "../tax/vat.ts";
import type { Metal } from "../db/column-values.ts";

/**
 * The floor under a coin's price: what the shop keeps of a sale (the price net of VAT) must not
 * be less than the metal in the coin, nor than what the shop itself pays for the coin (the
 * buy-back rule, which follows the metal). The catalogue editor, the file import and the catalogue command ask staff
 * to confirm a price under it; the demo catalogue never has one.
 */
export type FloorCoin = {
  metal: Metal;
  pureGrams: number;
  buybackDiscountPercent: number;
  rule: PricingRule;
  vat: VatTreatment;
};

export type PriceFloorIssue = { floor: "metal" | "buyback"; priceNet: number; floorValue: number };

/** The price net of VAT for a sale today, whole roubles down (the shop's side of rounding). */
export function priceNetOfVat(price: number, vat: VatTreatment, today: Date = new Date()): number {
  if (vat === "exempt") return price;
  return Math.floor((price * 100) / (100 + generalVatRate(today)));
}

/** The floors the coin's price is under today, the higher first; none for a sound price. */
export function priceFloorIssues(coin: FloorCoin, rates: MetalRates, today: Date = new Date()): PriceFloorIssue[] {
  const priceNet = priceNetOfVat(salePrice(coin, coin.rule, rates), coin.vat, today);
  const floors = [
    { floor: "metal" as const, floorValue: Math.floor(metalValue(coin, rates)) },
    { floor: "buyback" as const, floorValue: coinBuybackPrice(coin, rates) },
  ];
  return floors.filter((item) => priceNet < item.floorValue).map((item) => ({ ...item, priceNet }));
}

/** "Цена без НДС 315 226 ₽ ниже стоимости металла 362 800 ₽". */
export function priceFloorText(issue: PriceFloorIssue, vat: VatTreatment): string {
  const price = vat === "exempt" ? "Цена" : "Цена без НДС";
  const floor = issue.floor === "metal" ? "стоимости металла" : "цены выкупа";
  return `${price} ${formatMoney(issue.priceNet)} ниже ${floor} ${formatMoney(issue.floorValue)}`;
}
