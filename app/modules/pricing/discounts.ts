import type { CoinSelector, LineDiscount, Metal, PromotionRule, QuantityTier } from "../db/column-values.ts";
import { salePrice, type MetalRates, type PricingRule } from "./pricing.ts";
import type { Outcome } from "../shared/failure.ts";

/**
 * Discounts the shop gives (pure, no I/O): promotions that lower a coin's premium from a
 * quantity, quantity tiers an operator sets per coin, and promotions that make a delivery
 * free from an order sum. One set of rules for the cart, the checkout and the placed order,
 * so what a page shows is what the order charges (docs/decisions/015-promotions-as-rules.md).
 *
 * Decisions:
 * - A premium discount lowers the coin's premium percent by whole or fractional
 *   percentage points ("наценка 12 % → 10 %"); the metal value and a fixed premium stay.
 *   The premium never goes below 0 %. Coins sold at a fixed price have no premium to lower.
 * - A promotion counts the pieces of every cart line its coins selector matches (10 silver
 *   Георгий of any year and mint together); a tier counts the pieces of its own coin.
 * - Per line at most one discount applies: the one that gives the lower price (promotion
 *   or tier); a tie goes to the promotion, whose name the buyer recognises. Not both.
 */

/** A promotion running today whose rule the shop applies. */
export type ActivePromotion = { id: number; title: string; rule: PromotionRule };

/** The coin fields the rules read. */
export type DiscountedCoin = { id: number; sku: string; seriesSlug: string; metal: Metal; pureGrams: number };

export function matchesCoin(selector: CoinSelector, coin: Pick<DiscountedCoin, "sku" | "seriesSlug" | "metal">): boolean {
  if (selector.skus && !selector.skus.includes(coin.sku)) return false;
  if (selector.series !== undefined && selector.series !== coin.seriesSlug) return false;
  if (selector.metal !== undefined && selector.metal !== coin.metal) return false;
  return true;
}

/** The sale price with the premium lowered by `points` (never below 0 %); a fixed price is kept. */
export function discountedPrice(coin: Pick<DiscountedCoin, "metal" | "pureGrams">, rule: PricingRule, rates: MetalRates, points: number): number {
  if (rule.kind === "fixed" || points <= 0) return salePrice(coin, rule, rates);
  return salePrice(coin, { ...rule, premiumPercent: Math.max(0, rule.premiumPercent - points) }, rates);
}

/** The tier a quantity reaches (the one with the largest threshold), if any. */
export function tierFor(tiers: readonly QuantityTier[], quantity: number): QuantityTier | null {
  let best: QuantityTier | null = null;
  for (const tier of tiers) if (quantity >= tier.minQuantity && (!best || tier.minQuantity > best.minQuantity)) best = tier;
  return best;
}

export type CartLineInput = {
  coin: DiscountedCoin;
  rule: PricingRule;
  tiers: readonly QuantityTier[];
  /** The pieces that count (and are priced) on this line. */
  quantity: number;
};

export type PricedCartLine = {
  /** The price per coin without any discount. */
  basePrice: number;
  /** What each coin costs on this line. */
  price: number;
  discount: LineDiscount | null;
};

export const tierTitle = (tier: QuantityTier) => `Скидка от ${tier.minQuantity} шт.`;

/**
 * Prices the lines of one cart or order together (a promotion's quantity counts every line
 * it selects). Lines are returned in the input's order.
 */
export function priceLines(lines: readonly CartLineInput[], promotions: readonly ActivePromotion[], rates: MetalRates): PricedCartLine[] {
  const premiumPromotions = promotions.filter(
    (promotion): promotion is ActivePromotion & { rule: Extract<PromotionRule, { kind: "premium-discount" }> } => promotion.rule.kind === "premium-discount",
  );
  const reached = premiumPromotions.filter((promotion) => {
    const pieces = lines.filter((line) => matchesCoin(promotion.rule.coins, line.coin)).reduce((sum, line) => sum + line.quantity, 0);
    return pieces >= promotion.rule.minQuantity;
  });
  return lines.map((line) => {
    const basePrice = salePrice(line.coin, line.rule, rates);
    if (line.rule.kind === "fixed") return { basePrice, price: basePrice, discount: null };
    const candidates: Array<{ price: number; discount: LineDiscount }> = [];
    for (const promotion of reached) {
      if (!matchesCoin(promotion.rule.coins, line.coin)) continue;
      const price = discountedPrice(line.coin, line.rule, rates, promotion.rule.premiumPoints);
      candidates.push({
        price,
        discount: {
          source: "promotion",
          promotionId: promotion.id,
          title: `Акция: ${promotion.title}`,
          premiumPoints: promotion.rule.premiumPoints,
          perCoin: basePrice - price,
        },
      });
    }
    const tier = tierFor(line.tiers, line.quantity);
    if (tier) {
      const price = discountedPrice(line.coin, line.rule, rates, tier.premiumPoints);
      candidates.push({
        price,
        discount: { source: "tier", promotionId: null, title: tierTitle(tier), premiumPoints: tier.premiumPoints, perCoin: basePrice - price },
      });
    }
    // The lowest price wins; on a tie the earlier candidate (a promotion before a tier).
    let best: { price: number; discount: LineDiscount } | null = null;
    for (const candidate of candidates) if (candidate.discount.perCoin > 0 && (!best || candidate.price < best.price)) best = candidate;
    return best ? { basePrice, price: best.price, discount: best.discount } : { basePrice, price: basePrice, discount: null };
  });
}

/** One row of a coin's tier table: from how many pieces, the price per coin. */
export type TierRow = { minQuantity: number; premiumPoints: number; price: number };

/** The tier table a product page shows (empty for a fixed-price coin or without tiers). */
export function tierTable(coin: Pick<DiscountedCoin, "metal" | "pureGrams">, rule: PricingRule, tiers: readonly QuantityTier[], rates: MetalRates): TierRow[] {
  if (rule.kind === "fixed") return [];
  return [...tiers]
    .sort((a, b) => a.minQuantity - b.minQuantity)
    .map((tier) => ({ minQuantity: tier.minQuantity, premiumPoints: tier.premiumPoints, price: discountedPrice(coin, rule, rates, tier.premiumPoints) }));
}

/** What a free-delivery promotion did to a delivery's price. */
export type DeliveryDiscount = { promotionId: number; title: string; saved: number };

/**
 * Applies free-delivery promotions to priced delivery choices for an order of `goodsTotal`:
 * a choice a running promotion covers, at or above its sum, costs 0 and says which
 * promotion and how much it saved. Choices keep their order; nothing else changes.
 */
export function applyDeliveryPromotions<T extends { id: number; price: number }>(
  choices: readonly T[],
  goodsTotal: number,
  promotions: readonly ActivePromotion[],
): Array<T & { promotion: DeliveryDiscount | null }> {
  return choices.map((choice) => {
    if (choice.price <= 0) return { ...choice, promotion: null };
    const promotion = promotions.find(
      (candidate) => candidate.rule.kind === "free-delivery" && candidate.rule.deliveries.includes(choice.id) && goodsTotal >= candidate.rule.minGoodsTotal,
    );
    return promotion
      ? { ...choice, price: 0, promotion: { promotionId: promotion.id, title: `Акция: ${promotion.title}`, saved: choice.price } }
      : { ...choice, promotion: null };
  });
}

/**
 * Parses the operator's tiers "10:1,50:2" (from 10 pieces 1 point, from 50 pieces 2 points;
 * a decimal comma or point in the points). "-" or "" clears them. Thresholds from 2, each
 * larger than the one before with a larger discount; points above 0 and at most `maxPoints`.
 */
export function parseTiers(text: string, maxPoints: number): Outcome<{ tiers: QuantityTier[] }> {
  const trimmed = text.trim();
  if (trimmed === "" || trimmed === "-") return { ok: true, tiers: [] };
  const tiers: QuantityTier[] = [];
  // A comma before "N:" separates tiers; any other comma is a decimal one ("50:1,5").
  for (const part of trimmed.split(/\s*[;,]\s*(?=\d+\s*:)/)) {
    const match = /^(\d{1,6})\s*:\s*(\d{1,3}(?:[.,]\d{1,2})?)$/.exec(part.trim());
    if (!match) return { ok: false, reason: `«${part.trim()}»: нужно «штук:пунктов», например 10:1 или 50:1,5` };
    const minQuantity = Number(match[1]);
    const premiumPoints = Number(match[2]!.replace(",", "."));
    if (minQuantity < 2) return { ok: false, reason: `«${part.trim()}»: скидка за количество начинается от 2 шт.` };
    if (premiumPoints <= 0) return { ok: false, reason: `«${part.trim()}»: скидка должна быть больше 0 пунктов` };
    if (premiumPoints > maxPoints) return { ok: false, reason: `«${part.trim()}»: скидка больше наценки монеты (${String(maxPoints).replace(".", ",")} %)` };
    const previous = tiers.at(-1);
    if (previous && (minQuantity <= previous.minQuantity || premiumPoints <= previous.premiumPoints)) {
      return { ok: false, reason: `«${part.trim()}»: каждая следующая ступень — больше штук и больше скидка` };
    }
    tiers.push({ minQuantity, premiumPoints });
  }
  return { ok: true, tiers };
}
