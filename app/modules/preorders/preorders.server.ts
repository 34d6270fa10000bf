import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import { pricingRule } from "../catalog/products.server.ts";
import { MOSCOW_CITY } from "../checkout/draft.ts";
import { getConfig } from "../config/config.server.ts";
import { moscowToday } from "../content/dates.ts";
import { activePromotions } from "../content/promotions.server.ts";
import { type StaffActor, writeAudit } from "../audit/audit.server.ts";
import type { Database } from "../db/client.server.ts";
import { announceReadsChanged } from "../db/read-changes.server.ts";
import { orderLines, orders, preorders, products, users } from "../db/schema.ts";
import { DELIVERY_LABELS } from "../delivery/labels.ts";
import { DELIVERY_IDS } from "../delivery/rules.ts";
import { recordNotifications } from "../notifications/outbox.server.ts";
import { isComing } from "../launches/launch.ts";
import { piecesHeldByBuyer } from "../launches/launch.server.ts";
import { orderNumber } from "../orders/place-order.server.ts";
import { ON_REVIEW_NOTE, paymentDeadline, recordOrderStep } from "../orders/lifecycle.server.ts";
import { PAYMENT_IDS } from "../payments/methods.ts";
import { priceLines } from "../pricing/discounts.ts";
import { salePrice, type MetalRates } from "../pricing/pricing.ts";
import { identificationGate, needsIdentification, saveIdentification } from "../compliance/identification.server.ts";
import type { IdentificationData } from "../compliance/identification.ts";
import type { IdentificationThresholds } from "../config/config.server.ts";
import { ensureConsent } from "../consents/consents.server.ts";
import { log } from "../shared/log.server.ts";
import { invalidateReads } from "../shared/read-cache.ts";
import { expectedRubles, PREORDER_MAX_PIECES, preorderEstimate, preorderTexts, preorderToken, planServing } from "./preorders.ts";

/**
 * Pre-orders of a coming coin (decision 062): a buyer takes a place in line before the opening
 * (where staff allow it, within the coin's cap); at the opening the launch watch serves the line
 * in order up to the stock, each into an order awaiting online payment, under the coin's row lock.
 */

/**
 * A pre-order's place among the coin's waiting ones: 1 for the earliest (created_at, then id).
 * The outer row is named in full: drizzle leaves a one-table query's columns unqualified, which
 * inside the subquery would mean the subquery's own row.
 */
const placeInLine = sql<number>`(select count(*)::int from preorders as ahead
  where ahead.product_id = "preorders"."product_id" and ahead.status = 'waiting'
  and (ahead.created_at, ahead.id) <= ("preorders"."created_at", "preorders"."id"))`;

/** The most pieces one buyer may pre-order of this coin: its cap, or PREORDER_MAX_PIECES without one. */
export const preorderLimit = (coin: { buyerCap: number | null }) => coin.buyerCap ?? PREORDER_MAX_PIECES;

/** The buyer's waiting pre-order of the coin with its place, or undefined. */
export async function waitingPreorderOf(db: Database, userId: number, productId: number) {
  const [row] = await db
    .select({ id: preorders.id, quantity: preorders.quantity, createdAt: preorders.createdAt, place: placeInLine })
    .from(preorders)
    .where(and(eq(preorders.userId, userId), eq(preorders.productId, productId), eq(preorders.status, "waiting")))
    .limit(1);
  return row ? { ...row, place: Number(row.place) } : undefined;
}

export type PreorderResult =
  | { ok: true; message: string; place: number }
  | { ok: false; reason: string }
  /** The estimate reaches the 115-FZ threshold: the buyer's identification must come with the pre-order. */
  | { ok: false; identify: true };

/** The buyer's identification given with the pre-order, and where the consent to process it came from. */
export type PreorderIdentification = { data: IdentificationData; origin: { ip: string; userAgent: string | null } };

/**
 * Whether the order this pre-order becomes would need the buyer's identification: its estimate (the
 * announced price in rubles, or today's price when none, times the pieces, with the margin for the
 * metal's move) with the buyer's orders of the last 24 h. A metal-priced coin without today's quotes
 * and without an announced sum cannot be estimated: the serving gate still closes it if need be.
 */
async function preorderNeedsIdentification(
  db: Database,
  coin: typeof products.$inferSelect,
  userId: number,
  quantity: number,
  rates: MetalRates | null,
  thresholds: IdentificationThresholds | undefined,
  now: Date,
): Promise<boolean> {
  const rule = pricingRule(coin);
  const unitPrice = expectedRubles(coin.expectedPrice) ?? (rule.kind === "fixed" || rates ? salePrice(coin, rule, rates ?? { gold: 0, silver: 0 }) : null);
  if (unitPrice === null) return false;
  return needsIdentification(db, { userId, total: preorderEstimate(unitPrice, quantity), paymentId: PAYMENT_IDS.online }, thresholds, now);
}

/**
 * Takes the buyer's place in the coin's line: refused when staff do not allow it, the sales have
 * opened, or the pieces with the buyer's orders and pre-orders would pass the cap. Under the coin's
 * row lock (as placeOrder counts the cap), so two tabs cannot both pass; a second press finds the
 * first pre-order (the unique index keeps one waiting per buyer and coin).
 */
export async function placePreorder(
  db: Database,
  buyer: { id: number; phone: string },
  productId: number,
  quantity: number,
  now = new Date(),
  options: { rates?: MetalRates | null; identification?: PreorderIdentification; thresholds?: IdentificationThresholds } = {},
): Promise<PreorderResult> {
  const outcome = await db.transaction(async (tx) => {
    const [coin] = await tx.select().from(products).where(eq(products.id, productId)).for("update");
    if (!coin || coin.status !== "active" || !coin.preordersAllowed) return { ok: false, reason: preorderTexts.notAllowed } as const;
    if (!isComing(coin.salesOpenAt, now)) return { ok: false, reason: preorderTexts.notComing } as const;
    const existing = await waitingPreorderOf(tx, buyer.id, productId);
    if (existing) return { ok: true, message: preorderTexts.already(existing.place), place: existing.place } as const;
    const limit = preorderLimit(coin);
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > limit) return { ok: false, reason: preorderTexts.quantity(limit) } as const;
    if (coin.buyerCap !== null) {
      const had = (await piecesHeldByBuyer(tx, { userId: buyer.id, phone: buyer.phone }, [productId])).get(productId) ?? 0;
      if (had + quantity > coin.buyerCap) return { ok: false, reason: preorderTexts.overCap(coin.buyerCap, had) } as const;
    }
    const { identification } = options;
    if (!identification && (await preorderNeedsIdentification(tx, coin, buyer.id, quantity, options.rates ?? null, options.thresholds, now)))
      return { ok: false, identify: true } as const;
    const [inserted] = await tx.insert(preorders).values({ productId, userId: buyer.id, quantity, createdAt: now }).returning({ id: preorders.id });
    if (identification) {
      // The data and the consent (152-FZ) go with the pre-order or not at all, under the token its order will have.
      const consent = await ensureConsent(tx, {
        purpose: "identification",
        userId: buyer.id,
        phone: buyer.phone,
        ip: identification.origin.ip,
        userAgent: identification.origin.userAgent,
        reference: preorderToken(inserted!.id),
      });
      await saveIdentification(tx, {
        userId: buyer.id,
        checkoutToken: preorderToken(inserted!.id),
        data: identification.data,
        consentVersion: consent.version,
        now,
      });
    }
    const placed = (await waitingPreorderOf(tx, buyer.id, productId))!;
    return { ok: true, message: preorderTexts.placed(placed.place), place: placed.place } as const;
  });
  return outcome;
}

/** The buyer takes back a waiting pre-order (another buyer's, or one already served, is refused). */
export async function cancelPreorder(
  db: Database,
  userId: number,
  preorderId: number,
  now = new Date(),
): Promise<{ ok: true; message: string } | { ok: false; reason: string }> {
  const cancelled = await db
    .update(preorders)
    .set({ status: "cancelled", cancelledAt: now })
    .where(and(eq(preorders.id, preorderId), eq(preorders.userId, userId), eq(preorders.status, "waiting")))
    .returning({ id: preorders.id });
  return cancelled.length > 0 ? { ok: true, message: preorderTexts.cancelled } : { ok: false, reason: preorderTexts.notCancellable };
}

export type StaffCancelResult = { ok: true; message: string } | { ok: false; reason: string };

/**
 * Staff cancel a buyer's waiting pre-order of this coin, with the reason the buyer reads: the
 * status, the audit row and the buyer's one message in one transaction. Under the coin's row lock,
 * the lock the launch watch serves the line under, so a pre-order is either served or cancelled,
 * never both. Another coin's, a served or an already cancelled one is refused and nothing is written.
 */
export async function cancelPreorderByStaff(
  db: Database,
  actor: StaffActor,
  sku: string,
  preorderId: number,
  reason: string,
  now = new Date(),
): Promise<StaffCancelResult> {
  return db.transaction(async (tx) => {
    const [coin] = await tx.select().from(products).where(eq(products.sku, sku)).for("update");
    const [row] = await tx
      .select({ preorder: preorders, buyer: users, orderNumber: orders.number })
      .from(preorders)
      .innerJoin(users, eq(users.id, preorders.userId))
      .leftJoin(orders, eq(orders.id, preorders.orderId))
      .where(eq(preorders.id, preorderId))
      .for("update", { of: preorders });
    if (!coin || !row || row.preorder.productId !== coin.id) return { ok: false, reason: preorderTexts.staffNotOfCoin(preorderId) };
    const { preorder, buyer } = row;
    if (preorder.status === "cancelled") return { ok: false, reason: preorderTexts.staffAlreadyCancelled(preorderId) };
    if (preorder.status === "served") return { ok: false, reason: preorderTexts.staffServed(preorderId, row.orderNumber) };
    await tx
      .update(preorders)
      .set({ status: "cancelled", cancelledAt: now, closedReason: "staff", cancelReason: reason })
      .where(and(eq(preorders.id, preorderId), eq(preorders.status, "waiting")));
    await writeAudit(
      tx,
      actor,
      {
        action: "preorder.cancel",
        entity: `product:${sku}`,
        before: { preorder: preorderId, status: "waiting" },
        after: { preorder: preorderId, status: "cancelled", reason },
      },
      now,
    );
    await recordNotifications(
      tx,
      {
        kind: "preorder_cancelled_by_shop",
        preorder: {
          id: preorderId,
          buyer: { name: buyer.name, phone: buyer.phone, email: buyer.email },
          coin: { name: coin.name, slug: coin.slug },
          quantity: preorder.quantity,
        },
        reason,
      },
      undefined,
      now,
    );
    return { ok: true, message: preorderTexts.staffCancelled(preorderId) };
  });
}

/** What a list of pre-orders shows of each: its pieces, status, time and place. */
const lineColumns = {
  id: preorders.id,
  quantity: preorders.quantity,
  status: preorders.status,
  closedReason: preorders.closedReason,
  cancelReason: preorders.cancelReason,
  createdAt: preorders.createdAt,
  place: placeInLine,
};

/** The buyer's pre-orders for /my, newest first, with the place of each waiting one and the order a served one became. */
export async function preordersOfBuyer(db: Database, userId: number) {
  const rows = await db
    .select({
      ...lineColumns,
      coinName: products.name,
      slug: products.slug,
      salesOpenAt: products.salesOpenAt,
      expectedPrice: products.expectedPrice,
      orderId: preorders.orderId,
      orderNumber: orders.number,
    })
    .from(preorders)
    .innerJoin(products, eq(products.id, preorders.productId))
    .leftJoin(orders, eq(orders.id, preorders.orderId))
    .where(eq(preorders.userId, userId))
    .orderBy(desc(preorders.createdAt), desc(preorders.id))
    .limit(100);
  return rows.map((row) => ({ ...row, place: row.status === "waiting" ? Number(row.place) : null }));
}

/** The coin's pre-orders for its back-office page, in their order: the line first, then the rest. */
export async function preordersOfCoin(db: Database, productId: number) {
  const rows = await db
    .select({
      ...lineColumns,
      buyerName: sql<string>`trim(${users.name} || ' ' || ${users.lastName})`,
      buyerPhone: users.phone,
      orderNumber: orders.number,
      orderPieces: sql<number | null>`(select sum(${orderLines.quantity})::int from ${orderLines} where ${orderLines.orderId} = ${preorders.orderId})`,
    })
    .from(preorders)
    .innerJoin(users, eq(users.id, preorders.userId))
    .leftJoin(orders, eq(orders.id, preorders.orderId))
    .where(eq(preorders.productId, productId))
    .orderBy(asc(preorders.createdAt), asc(preorders.id))
    .limit(1_000);
  return rows.map((row) => ({ ...row, place: row.status === "waiting" ? Number(row.place) : null }));
}

/**
 * Serves the line of one opened coin: under the coin's row lock (the lock every order of the coin
 * passes, so a second watch waits and then finds the line served), the waiting pre-orders in their
 * order get orders up to the stock (planServing), priced now like a checkout's, the stock taken and
 * the buyer told the price and the deadline, all in one transaction. One whose order would need the
 * buyer's identification and has none is closed and told so; its pieces go to the next. Returns how many were served.
 */
/** Waiting pre-orders read beyond the stock's worth in one round, for those closed for want of identification. */
const SERVING_LOOKAHEAD = 50;

async function serveCoin(db: Database, productId: number, rates: MetalRates | null, now: Date): Promise<number> {
  const promotions = await activePromotions(db, moscowToday(now));
  const settings = getConfig().orders;
  const identificationThresholds = getConfig().compliance.identificationThresholds;
  return db.transaction(async (tx) => {
    const [coin] = await tx.select().from(products).where(eq(products.id, productId)).for("update");
    if (!coin || coin.stock < 1 || isComing(coin.salesOpenAt, now)) return 0;
    const rule = pricingRule(coin);
    // Without today's quotes a metal-priced coin cannot be priced: the line waits for the next round.
    if (rule.kind === "metal" && !rates) return 0;
    const waiting = await tx
      .select({ id: preorders.id, quantity: preorders.quantity, userId: preorders.userId })
      .from(preorders)
      .where(and(eq(preorders.productId, productId), eq(preorders.status, "waiting")))
      .orderBy(asc(preorders.createdAt), asc(preorders.id))
      // The stock's worth and some for those closed on the way; a longer run of closed ones goes on next round.
      .limit(coin.stock + SERVING_LOOKAHEAD)
      // A buyer cancelling at this moment waits, then finds it served; one cancelled first is not read here.
      .for("update", { of: preorders });
    const closed = new Set<number>();
    const plan: Array<{ id: number; pieces: number }> = [];
    for (;;) {
      // A pre-order closed for want of identification leaves the line: the plan is made again without it, so its pieces go to the next.
      const next = planServing(
        waiting.filter((row) => !closed.has(row.id)),
        coin.stock,
      ).find((item) => !plan.some((done) => done.id === item.id));
      if (!next) break;
      const { id, pieces } = next;
      const preorder = waiting.find((row) => row.id === id)!;
      const [buyer] = await tx.select().from(users).where(eq(users.id, preorder.userId));
      if (!buyer) {
        closed.add(id);
        continue;
      }
      const [priced] = priceLines([{ coin, rule, tiers: coin.quantityTiers, quantity: pieces }], promotions, rates ?? { gold: 0, silver: 0 });
      const goodsTotal = priced!.price * pieces;
      // 115-FZ as at the checkout: the identification given with the pre-order (its order's token), judged on today's total.
      const gate = await identificationGate(
        tx,
        { userId: buyer.id, checkoutToken: preorderToken(id), total: goodsTotal, paymentId: PAYMENT_IDS.online },
        identificationThresholds,
      );
      if (gate.kind === "missing") {
        closed.add(id);
        await tx.update(preorders).set({ status: "cancelled", cancelledAt: now, closedReason: "identification" }).where(eq(preorders.id, id));
        await recordNotifications(
          tx,
          {
            kind: "preorder_needs_identification",
            preorder: {
              id,
              buyer: { name: buyer.name, phone: buyer.phone, email: buyer.email },
              coin: { name: coin.name, slug: coin.slug },
              quantity: preorder.quantity,
            },
          },
          undefined,
          now,
        );
        continue;
      }
      const held = gate.kind === "identified" && gate.match !== null;
      const [created] = await tx
        .insert(orders)
        .values({
          number: `pending-preorder-${id}`,
          userId: buyer.id,
          // A listed person's order is held for review, as at the checkout (no deadline while it is checked).
          status: held ? "on_review" : "awaiting_payment",
          // One order per pre-order, ever: the unique token stops a second one whatever happens.
          checkoutToken: preorderToken(id),
          identificationId: gate.kind === "identified" ? gate.identificationId : null,
          contact: { name: buyer.name, lastName: buyer.lastName, secondName: buyer.secondName, email: buyer.email, phone: buyer.phone },
          city: { code: MOSCOW_CITY.code, name: MOSCOW_CITY.name },
          // Office pickup costs nothing, so the price told is the whole sum; the time is agreed with the office.
          delivery: {
            id: DELIVERY_IDS.officePickup,
            name: DELIVERY_LABELS[DELIVERY_IDS.officePickup],
            type: "pickup",
            courier: false,
            point: null,
            pointAddress: null,
            address: null,
          },
          paymentId: PAYMENT_IDS.online,
          goodsTotal,
          deliveryTotal: 0,
          total: goodsTotal,
          comment: `Предзаказ №${id}`,
          paymentDueAt: held ? null : paymentDeadline(PAYMENT_IDS.online, now, settings.paymentTimeoutMinutes, settings.hold.confirmTimeoutMinutes),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: orders.id });
      const [placed] = await tx
        .update(orders)
        .set({ number: orderNumber(created!.id, now) })
        .where(eq(orders.id, created!.id))
        .returning();
      await tx.insert(orderLines).values({
        orderId: created!.id,
        productId: coin.id,
        sku: coin.sku,
        name: coin.name,
        quantity: pieces,
        price: priced!.price,
        lineTotal: goodsTotal,
        basePrice: priced!.basePrice,
        discount: priced!.discount,
      });
      await tx.update(preorders).set({ status: "served", servedAt: now, orderId: created!.id }).where(eq(preorders.id, id));
      // The order's own message: the price, the sum and the deadline to pay, with the link to pay.
      // A held one: the compliance officer's notification instead of the buyer's (115-FZ forbids telling him why).
      await recordOrderStep(
        tx,
        placed!,
        held
          ? { status: "on_review", actor: "system", note: ON_REVIEW_NOTE, listMatch: gate.match, now }
          : { status: "awaiting_payment", actor: "system", note: `Предзаказ №${id}`, now },
      );
      plan.push({ id, pieces });
    }
    const taken = plan.reduce((sum, item) => sum + item.pieces, 0);
    if (taken > 0) {
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} - ${taken}`, updatedAt: now })
        .where(eq(products.id, coin.id));
      await announceReadsChanged(tx, "stock");
    }
    return plan.length;
  });
}

/**
 * One round of the launch watch for pre-orders: every coin whose sales have opened, with stock and
 * a waiting line, is served. Run at the opening and every round after, so pieces an unpaid served
 * order gives back (the deadline watch cancels it and returns the stock) go to the next in line.
 */
export async function serveOpenedPreorders(db: Database, rates: MetalRates | null, now = new Date()): Promise<number> {
  const coins = await db
    .selectDistinct({ id: preorders.productId })
    .from(preorders)
    .innerJoin(products, eq(products.id, preorders.productId))
    .where(and(eq(preorders.status, "waiting"), lte(products.salesOpenAt, now), gt(products.stock, 0)))
    .orderBy(asc(preorders.productId));
  let served = 0;
  for (const { id } of coins) served += await serveCoin(db, id, rates, now);
  if (served > 0) {
    invalidateReads("stock");
    log.info("pre-orders served", { count: served });
  }
  await tellWaitingPlaces(db, now);
  return served;
}

/** Waiting buyers told per transaction: a short transaction; the outbox's sender paces the gateways. */
const PLACES_BATCH = 200;

/**
 * Tells each pre-order the opening left waiting (its coin opened and sold out, so the line was
 * served as far as it went) its place, once: the rows are taken FOR UPDATE SKIP LOCKED and marked
 * told with their messages, as the launch subscribers are. Returns how many were told.
 */
export async function tellWaitingPlaces(db: Database, now = new Date(), batch = PLACES_BATCH): Promise<number> {
  let told = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const due = await tx
        .select({
          id: preorders.id,
          quantity: preorders.quantity,
          place: placeInLine,
          name: users.name,
          phone: users.phone,
          email: users.email,
          coinName: products.name,
          slug: products.slug,
        })
        .from(preorders)
        .innerJoin(products, eq(products.id, preorders.productId))
        .innerJoin(users, eq(users.id, preorders.userId))
        .where(and(eq(preorders.status, "waiting"), isNull(preorders.placeToldAt), lte(products.salesOpenAt, now), lt(products.stock, 1)))
        .orderBy(asc(preorders.id))
        .limit(batch)
        .for("update", { of: preorders, skipLocked: true });
      for (const row of due) {
        await recordNotifications(
          tx,
          {
            kind: "preorder_waiting",
            preorder: {
              id: row.id,
              buyer: { name: row.name, phone: row.phone, email: row.email },
              coin: { name: row.coinName, slug: row.slug },
              quantity: row.quantity,
              place: Number(row.place),
            },
          },
          undefined,
          now,
        );
      }
      if (due.length > 0)
        await tx
          .update(preorders)
          .set({ placeToldAt: now })
          .where(
            inArray(
              preorders.id,
              due.map((row) => row.id),
            ),
          );
      return due.length;
    });
    told += count;
    if (count < batch) break;
  }
  return told;
}
