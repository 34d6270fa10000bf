import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { buybackOffers, buybackRequests, products } from "../db/schema.ts";
import type { MetalRates } from "../pricing/pricing.ts";
import { consumeRateLimits, type RateLimit, type RateLimitResult } from "../rate-limit/rate-limit.server.ts";
import type { BuybackRequestInput } from "./buyback-form.ts";
import { offerBuybackPrice } from "./price.ts";
import { recordNotifications } from "../notifications/outbox.server.ts";

export type BuybackPriceLine = { id: number; name: string; metal: "gold" | "silver"; pureGrams: number; price: number };

/** Today's buy-back prices of the listed coins, from the current quotes (the rule of price.ts). */
export async function listBuybackPrices(db: Database, rates: MetalRates): Promise<BuybackPriceLine[]> {
  const rows = await db
    .select({ offer: buybackOffers, product: { metal: products.metal, pureGrams: products.pureGrams, buybackDiscountPercent: products.buybackDiscountPercent } })
    .from(buybackOffers)
    .leftJoin(products, eq(products.id, buybackOffers.productId))
    .where(eq(buybackOffers.active, true))
    .orderBy(asc(buybackOffers.position), asc(buybackOffers.id));
  return rows.map(({ offer, product }) => ({
    id: offer.id,
    name: offer.name,
    metal: product?.metal ?? offer.metal,
    pureGrams: product?.pureGrams ?? offer.pureGrams,
    price: offerBuybackPrice(offer, product, rates),
  }));
}

/** A person may send a few requests an hour from one address, and a few a day for one phone. */
export const buybackLimits = {
  perIp: { bucket: "buyback-ip", limit: 5, windowMs: 3_600_000 } satisfies RateLimit,
  perPhone: { bucket: "buyback-phone", limit: 3, windowMs: 86_400_000 } satisfies RateLimit,
};

/** Saves a request unless a limit refuses it; both happen in one decision, nothing half-way. */
export async function submitBuybackRequest(
  db: Database,
  input: BuybackRequestInput,
  origin: { ip: string; visitorId: string | null },
): Promise<{ allowed: true; id: number } | Extract<RateLimitResult, { allowed: false }>> {
  const verdict = await consumeRateLimits(db, [
    { rule: buybackLimits.perIp, key: origin.ip },
    { rule: buybackLimits.perPhone, key: input.phone },
  ]);
  if (!verdict.allowed) return verdict;
  // The request and the messages about it (the seller's confirmation, the staff's alert) are kept together.
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(buybackRequests)
      .values({ name: input.name, phone: input.phone, items: input.items, comment: input.comment ?? "", ip: origin.ip, visitorId: origin.visitorId })
      .returning({ id: buybackRequests.id });
    await recordNotifications(tx as unknown as Database, { kind: "buyback_received", request: { id: row!.id, name: input.name, phone: input.phone, items: input.items } });
    return row!.id;
  });
  return { allowed: true, id };
}
