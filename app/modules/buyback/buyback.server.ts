import { recordConsent } from "../consents/consents.server.ts";
import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { buybackEvents, buybackOffers, buybackRequests, products } from "../db/schema.ts";
import type { MetalRates } from "../pricing/pricing.ts";
import { consumeRateLimits, type RateLimit } from "../rate-limit/rate-limit.server.ts";
import type { BuybackRequestInput } from "./buyback-form.ts";
import { formatDateTime, formatMoney } from "../shared/format.ts";
import { joinSentences } from "../shared/sentences.ts";
import { readGradePercents } from "./grades.server.ts";
import { gradedBuybackPrice, offerBuybackPrice } from "./price.ts";
import { buybackQuoteNumber, type GradePercents } from "./statuses.ts";
import { type BuybackGrade, buybackGrades, type Metal } from "../db/column-values.ts";
import { recordNotifications } from "../notifications/outbox.server.ts";

export type BuybackPriceLine = { id: number; name: string; metal: Metal; pureGrams: number; price: number; active: boolean };

/** Today's buy-back prices of the listed coins, from the current quotes (the rule of price.ts); `offerId` picks one line, active or not. */
export async function listBuybackPrices(db: Database, rates: MetalRates, options: { offerId?: number } = {}): Promise<BuybackPriceLine[]> {
  const rows = await db
    .select({
      offer: buybackOffers,
      product: { metal: products.metal, pureGrams: products.pureGrams, buybackDiscountPercent: products.buybackDiscountPercent },
    })
    .from(buybackOffers)
    .leftJoin(products, eq(products.id, buybackOffers.productId))
    .where(options.offerId === undefined ? eq(buybackOffers.active, true) : eq(buybackOffers.id, options.offerId))
    .orderBy(asc(buybackOffers.position), asc(buybackOffers.id));
  return rows.map(({ offer, product }) => ({
    id: offer.id,
    name: offer.name,
    metal: product?.metal ?? offer.metal,
    pureGrams: product?.pureGrams ?? offer.pureGrams,
    price: offerBuybackPrice(offer, product, rates),
    active: offer.active,
  }));
}

export type BuybackTableLine = BuybackPriceLine & { byGrade: Record<BuybackGrade, number> };

/**
 * The price table of /coin-buyback: each listed coin's price for each grade, by the rule a
 * request is quoted by (quoteCoin), so the table and the quote never differ; no lines before the first quotes.
 */
export async function buybackTable(db: Database, rates: MetalRates | null): Promise<{ grades: GradePercents; lines: BuybackTableLine[] }> {
  const [lines, grades] = await Promise.all([rates ? listBuybackPrices(db, rates) : [], readGradePercents(db)]);
  return {
    grades,
    lines: lines.map((line) => ({
      ...line,
      byGrade: Object.fromEntries(buybackGrades.map((grade) => [grade, gradedBuybackPrice(line.price, grades[grade])])) as Record<BuybackGrade, number>,
    })),
  };
}

/** The listed coins a seller may pick in the form (names only: the prices are on the page). */
export async function listBuybackCoins(db: Database): Promise<Array<{ id: number; name: string }>> {
  return db
    .select({ id: buybackOffers.id, name: buybackOffers.name })
    .from(buybackOffers)
    .where(eq(buybackOffers.active, true))
    .orderBy(asc(buybackOffers.position), asc(buybackOffers.id));
}

/** A person may send a few requests an hour from one address, and a few a day for one phone. */
export const buybackLimits = {
  perIp: { bucket: "buyback-ip", limit: 5, windowMs: 3_600_000 } satisfies RateLimit,
  perPhone: { bucket: "buyback-phone", limit: 3, windowMs: 86_400_000 } satisfies RateLimit,
};

/** What a quote needs: the quotes now (null when there are none fresh enough to hold a price) and how long it holds. */
export type QuoteTerms = { rates: MetalRates | null; quoteMinutes: number };

export type SubmitResult =
  | { status: "saved"; id: number; quoteNumber: string; quote: { unitPrice: number; total: number; lockedUntil: Date } | null }
  | { status: "limited"; retryAfterSeconds: number }
  | { status: "unknown_coin" };

/**
 * Saves a request unless a limit refuses it; both happen in one decision, nothing half-way. A
 * request for a listed coin gets its price for the seller's grade, held for the quote's minutes.
 */
export async function submitBuybackRequest(
  db: Database,
  input: BuybackRequestInput,
  origin: { ip: string; visitorId: string | null; userAgent?: string | null; userId?: number | null },
  terms: QuoteTerms,
  now = new Date(),
): Promise<SubmitResult> {
  if (input.offerId !== undefined) {
    const [coin] = await db.select({ active: buybackOffers.active }).from(buybackOffers).where(eq(buybackOffers.id, input.offerId));
    if (!coin?.active) return { status: "unknown_coin" };
  }
  const verdict = await consumeRateLimits(db, [
    { rule: buybackLimits.perIp, key: origin.ip },
    { rule: buybackLimits.perPhone, key: input.phone },
  ]);
  if (!verdict.allowed) return { status: "limited", retryAfterSeconds: verdict.retryAfterSeconds };
  // The request, its quote, its first step and the messages about it (the seller's confirmation, the staff's alert) are kept together.
  return db.transaction(async (tx) => {
    const quoted = input.offerId === undefined ? null : await quoteCoin(tx, input.offerId, input.grade, input.quantity, terms, now);
    const items = input.items || (quoted ? `${quoted.coinName}, ${input.quantity} шт.` : "");
    const [row] = await tx
      .insert(buybackRequests)
      .values({
        name: input.name,
        phone: input.phone,
        items,
        comment: input.comment ?? "",
        ip: origin.ip,
        visitorId: origin.visitorId,
        offerId: input.offerId ?? null,
        coinName: quoted?.coinName ?? null,
        quantity: input.quantity,
        grade: input.offerId === undefined ? null : input.grade,
        gradePercent: quoted?.price ? quoted.price.gradePercent : null,
        unitPrice: quoted?.price?.unitPrice ?? null,
        quotedAt: quoted?.price ? now : null,
        lockedUntil: quoted?.price?.lockedUntil ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: buybackRequests.id });
    const id = row!.id;
    // The form's consent box (152-FZ), kept with the request it came with.
    await recordConsent(tx, {
      purpose: "buyback",
      userId: origin.userId ?? null,
      phone: input.phone,
      ip: origin.ip,
      userAgent: origin.userAgent ?? null,
      reference: `buyback:${id}`,
      now,
    });
    const quote = quoted?.price ? { unitPrice: quoted.price.unitPrice, total: quoted.price.total, lockedUntil: quoted.price.lockedUntil } : null;
    await tx.insert(buybackEvents).values({
      requestId: id,
      status: "new",
      note: quote
        ? quoteNote(quote, input.quantity)
        : quoted
          ? "Заявка получена; котировки недоступны — цену назовёт оценщик"
          : "Заявка получена; цену назовёт оценщик",
      price: quote?.total ?? null,
      actor: "seller",
      createdAt: now,
    });
    await recordNotifications(
      tx,
      {
        kind: "buyback_received",
        request: {
          id,
          quoteNumber: buybackQuoteNumber(id),
          name: input.name,
          phone: input.phone,
          items,
          quote: quote ? { total: quote.total, lockedUntil: quote.lockedUntil.toISOString() } : null,
        },
      },
      undefined,
      now,
    );
    return { status: "saved" as const, id, quoteNumber: buybackQuoteNumber(id), quote };
  });
}

/**
 * The notice after a request: its number, the price held, and the account as the place to
 * follow it only when the request is there (/my/buyback lists the requests of the account's number).
 */
export function receivedNotice(
  saved: { quoteNumber: string; quote: { unitPrice: number; total: number; lockedUntil: Date } | null },
  quantity: number,
  inAccount: boolean,
): string {
  return joinSentences([
    `Заявка ${saved.quoteNumber} принята`,
    saved.quote ? quoteNote(saved.quote, quantity) : null,
    `Оценщик перезвонит вам в рабочее время${inAccount ? "; заявку видно в личном кабинете" : ""}`,
  ]);
}

/** "Цена 84 065 ₽ за монету, 168 130 ₽ за 2 шт., зафиксирована до 12:35". */
export function quoteNote(quote: { unitPrice: number; total: number; lockedUntil: Date }, quantity: number): string {
  const each = quantity > 1 ? `${formatMoney(quote.unitPrice)} за монету, ${formatMoney(quote.total)} за ${quantity} шт.` : `${formatMoney(quote.total)}`;
  return `Цена ${each}, зафиксирована до ${formatDateTime(quote.lockedUntil)} (МСК)`;
}

/**
 * A listed coin's price for a grade and quantity now: the one rule of price.ts, then the
 * operator's percentage for the grade. `price` is null when there are no quotes to hold it by.
 */
export async function quoteCoin(db: Database, offerId: number, grade: BuybackGrade, quantity: number, terms: QuoteTerms, now = new Date()) {
  const rates = terms.rates;
  const [line] = await listBuybackPrices(db, rates ?? { gold: 0, silver: 0 }, { offerId });
  if (!line) return null;
  if (!rates) return { coinName: line.name, active: line.active, price: null };
  const gradePercent = (await readGradePercents(db))[grade];
  const unitPrice = gradedBuybackPrice(line.price, gradePercent);
  return {
    coinName: line.name,
    active: line.active,
    price: { gradePercent, unitPrice, total: unitPrice * quantity, lockedUntil: new Date(now.getTime() + terms.quoteMinutes * 60_000) },
  };
}
