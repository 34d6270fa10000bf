import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { type StaffActor, writeAudit } from "../audit/audit.server.ts";
import { pricingRule } from "../catalog/products.server.ts";
import { getConfig } from "../config/config.server.ts";
import { requiresIdentification } from "../compliance/identification.ts";
import { activePromotions } from "../content/promotions.server.ts";
import { moscowToday } from "../content/dates.ts";
import type { Database } from "../db/client.server.ts";
import { announceReadsChanged } from "../db/read-changes.server.ts";
import { orderLines, orders, payments, pickupBookings, products } from "../db/schema.ts";
import { limitMessages, pieceLimit } from "../lists/limits.ts";
import { recordNotifications } from "../notifications/outbox.server.ts";
import { PAYMENT_IDS } from "../payments/methods.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { PaymentProviderError } from "../payments/provider.ts";
import { type CartLineInput, priceLines } from "../pricing/discounts.ts";
import type { MetalRates } from "../pricing/pricing.ts";
import { formatMoney } from "../shared/format.ts";
import { log } from "../shared/log.server.ts";
import { invalidateReads } from "../shared/read-cache.ts";
import { followPaymentReceipt } from "../receipts/receipts.server.ts";
import { orderFacts, paymentDeadline } from "./lifecycle.server.ts";
import type { PricedLine } from "./place-order.server.ts";
import { DELIVERY_IDS } from "../delivery/rules.ts";
import { freeSlot, slotOfDelivery } from "../pickup/pickup.server.ts";

/**
 * Changing an order before it is paid (or, paid on receipt, before it is assembled): its coins,
 * quantities, delivery and recipient. Kept lines keep the prices the order locked; new coins are
 * priced at the moment's quotes; the stock moves in the same transaction; a pending online payment
 * for the old sum is voided and the buyer gets the new sum and link. Two members of staff at
 * once: the order's version (raised by every update) refuses the second save, saying what changed.
 */

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;
type Contact = OrderRow["contact"];

export const editMessages = {
  paid: "Заказ уже оплачен: изменить его нельзя, только вернуть деньги (блок «Возврат денег» на странице заказа).",
  assembling: "Заказ уже собирается или отправлен: изменить его нельзя.",
  onReview: "Заказ на проверке (115-ФЗ): изменить его можно после решения ответственного за внутренний контроль.",
  closed: "Заказ закрыт: изменить его нельзя.",
  notFound: "Заказ не найден",
  noCoins: "В заказе должна остаться хотя бы одна монета",
  soldOut: (name: string) => `«${name}» нет в продаже`,
  notEnough: (name: string, most: number) => `«${name}»: можно не больше ${most} шт. (с учётом уже взятых этим заказом)`,
  noQuotes: "Нет текущих котировок металлов — новые монеты сейчас не оценить. Попробуйте чуть позже.",
  identification: "Новая сумма требует идентификации покупателя (115-ФЗ), а у заказа её нет: оформите новый заказ с данными документа.",
  conflict: (changes: string[]) =>
    `Заказ уже изменил другой сотрудник или покупатель, пока вы его правили: ${changes.join("; ")}. Ваши изменения не сохранены — проверьте заказ и внесите их заново.`,
  pricesChanged: (was: number, now: number) =>
    `Цены новых монет изменились: итого было ${formatMoney(was)}, стало ${formatMoney(now)}. Проверьте новую сумму и сохраните ещё раз.`,
} as const;

/** Why this order cannot be changed now, or null when it can. */
export function editRefusal(order: Pick<OrderRow, "status" | "paymentId">): string | null {
  switch (order.status) {
    case "awaiting_payment":
      return null;
    case "new":
      return null;
    case "on_review":
      return editMessages.onReview;
    case "paid":
      return editMessages.paid;
    case "assembling":
    case "shipped":
    case "ready_for_pickup":
      // An order paid on receipt is not paid until handed over: still it is no longer changed once it is being assembled.
      return order.paymentId === PAYMENT_IDS.online ? editMessages.paid : editMessages.assembling;
    default:
      return editMessages.closed;
  }
}

export type OrderEditInput = {
  /** The coins the order is to hold, every one of them (a coin left out leaves the order). */
  lines: ReadonlyArray<{ productId: number; quantity: number }>;
  /** A new delivery, as checkout offers it now; null keeps the order's delivery and its price. */
  delivery: { record: Record<string, unknown>; price: number; city: { code: string; name: string } } | null;
  /** A new recipient; null keeps the order's. */
  contact: Contact | null;
};

export type EditPlanLine = PricedLine & { locked: boolean; was: number };

export type EditPlan = { ok: true; lines: EditPlanLine[]; goodsTotal: number; deliveryTotal: number; total: number } | { ok: false; reason: string };

/**
 * The order as the edit would leave it: kept coins at the order's own prices, new ones at the
 * moment's, each within the stock (counting what the order already holds) and the cap. The preview
 * and the save compute it with this one function (the save with the coins locked).
 */
export async function planOrderEdit(
  db: Database,
  order: Pick<OrderRow, "deliveryTotal">,
  current: readonly LineRow[],
  input: OrderEditInput,
  context: { rates: MetalRates | null; now?: Date; lock?: boolean },
): Promise<EditPlan> {
  const wanted = new Map<number, number>();
  for (const line of input.lines) if (line.quantity > 0) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);
  if (wanted.size === 0) return { ok: false, reason: editMessages.noCoins };
  const ids = [...new Set([...wanted.keys(), ...current.map((line) => line.productId)])].sort((a, b) => a - b);
  const query = db.select().from(products).where(inArray(products.id, ids)).orderBy(asc(products.id));
  // Locked in id order, as placing an order locks them, so the two wait for each other rather than deadlock.
  const rows = context.lock ? await query.for("update") : await query;
  const byId = new Map(rows.map((row) => [row.id, row]));
  const held = new Map(current.map((line) => [line.productId, line]));
  const { maxPiecesPerCoin } = getConfig().orders;
  const promotions = await activePromotions(db, moscowToday(context.now ?? new Date()));
  const pricing: Array<{ productId: number; input: CartLineInput }> = [];
  for (const [productId, quantity] of wanted) {
    const product = byId.get(productId);
    const kept = held.get(productId);
    if (!product || (!kept && product.status !== "active")) return { ok: false, reason: editMessages.soldOut(product?.name ?? "Монета") };
    const limit = pieceLimit(product, maxPiecesPerCoin);
    if (quantity > limit) return { ok: false, reason: limitMessages.perCoinInOrder(product.name, limit) };
    // What the order holds of this coin is already out of the stock: it may keep it, and take more only from the stock.
    const most = product.stock + (kept?.quantity ?? 0);
    if (quantity > most) return { ok: false, reason: editMessages.notEnough(product.name, Math.min(most, limit)) };
    const rule = pricingRule(product);
    if (!kept && rule.kind === "metal" && !context.rates) return { ok: false, reason: editMessages.noQuotes };
    pricing.push({ productId, input: { coin: product, rule, tiers: product.quantityTiers, quantity } });
  }
  const prices = priceLines(
    pricing.map((item) => item.input),
    promotions,
    context.rates ?? { gold: 0, silver: 0 },
  );
  const lines: EditPlanLine[] = pricing.map(({ productId, input: line }, index) => {
    const kept = held.get(productId);
    const product = byId.get(productId)!;
    if (kept) {
      return {
        productId,
        sku: kept.sku,
        name: kept.name,
        quantity: line.quantity,
        price: kept.price,
        lineTotal: kept.price * line.quantity,
        basePrice: kept.basePrice ?? kept.price,
        discount: kept.discount,
        locked: true,
        was: kept.quantity,
      };
    }
    const { price, basePrice, discount } = prices[index]!;
    return {
      productId,
      sku: product.sku,
      name: product.name,
      quantity: line.quantity,
      price,
      lineTotal: price * line.quantity,
      basePrice,
      discount,
      locked: false,
      was: 0,
    };
  });
  const goodsTotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  const deliveryTotal = input.delivery ? input.delivery.price : order.deliveryTotal;
  return { ok: true, lines, goodsTotal, deliveryTotal, total: goodsTotal + deliveryTotal };
}

/** What differs between the order as a page showed it and as it is now, in words for staff. */
export function changesSince(
  shown: { lines: ReadonlyArray<[number, number]>; total: number; status: string },
  now: { lines: readonly LineRow[]; order: OrderRow; names?: ReadonlyMap<number, string> },
): string[] {
  const changes: string[] = [];
  const before = new Map(shown.lines);
  const after = new Map(now.lines.map((line) => [line.productId, line]));
  for (const [productId, quantity] of before) {
    const line = after.get(productId);
    if (!line) changes.push(`«${now.names?.get(productId) ?? `монета №${productId}`}» убрана из заказа`);
    else if (line.quantity !== quantity) changes.push(`«${line.name}»: было ${quantity} шт., стало ${line.quantity} шт.`);
  }
  for (const [productId, line] of after) if (!before.has(productId)) changes.push(`добавлена «${line.name}» × ${line.quantity}`);
  if (shown.total !== now.order.total) changes.push(`итого было ${formatMoney(shown.total)}, стало ${formatMoney(now.order.total)}`);
  if (shown.status !== now.order.status) changes.push(`статус изменился`);
  return changes.length > 0 ? changes : ["изменены доставка или получатель"];
}

export type EditResult =
  | { kind: "saved"; number: string; was: number; total: number; voided: number }
  | { kind: "conflict"; reason: string }
  | { kind: "prices-changed"; reason: string }
  | { kind: "refused"; reason: string };

/**
 * Saves an edit in one transaction: the version the page was made from checked under the order's
 * lock, the plan computed again with the coins locked and its total compared with the one staff
 * saw, lines rewritten, stock moved, pending payments voided, the buyer told (outbox) and the
 * change audited. The provider is then asked to cancel the voided payments (a payment that still
 * arrives for the old sum does not match the order and is refunded by the payment rules).
 */
export async function editOrder(
  db: Database,
  actor: StaffActor,
  number: string,
  input: OrderEditInput,
  context: {
    version: number;
    shown: { lines: ReadonlyArray<[number, number]>; total: number; status: string };
    seenTotal: number;
    rates: MetalRates | null;
    provider?: PaymentProvider;
    now?: Date;
  },
): Promise<EditResult> {
  const now = context.now ?? new Date();
  const outcome = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.number, number)).for("update");
    if (!order) return { kind: "refused", reason: editMessages.notFound } as const;
    const current = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
    if (order.version !== context.version) {
      // The coins a colleague removed are named from the catalogue: the order's lines no longer hold them.
      const gone = context.shown.lines.map(([id]) => id).filter((id) => !current.some((line) => line.productId === id));
      const rows = gone.length === 0 ? [] : await tx.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, gone));
      const names = new Map(rows.map((row) => [row.id, row.name]));
      return { kind: "conflict", reason: editMessages.conflict(changesSince(context.shown, { lines: current, order, names })) } as const;
    }
    const refusal = editRefusal(order);
    if (refusal) return { kind: "refused", reason: refusal } as const;
    const plan = await planOrderEdit(tx, order, current, input, { rates: context.rates, now, lock: true });
    if (!plan.ok) return { kind: "refused", reason: plan.reason } as const;
    if (plan.total !== context.seenTotal) return { kind: "prices-changed", reason: editMessages.pricesChanged(context.seenTotal, plan.total) } as const;
    // 115-FZ applies to the new sum as it did to the old one.
    if (order.identificationId === null && requiresIdentification(plan.total, order.paymentId, getConfig().compliance.identificationThresholds))
      return { kind: "refused", reason: editMessages.identification } as const;

    // Stock: what a line gives back returns to sale, what it adds is taken; one statement per coin.
    const wasByProduct = new Map(current.map((line) => [line.productId, line.quantity]));
    const moves = new Map<number, number>();
    for (const [productId, quantity] of wasByProduct) moves.set(productId, quantity);
    for (const line of plan.lines) moves.set(line.productId, (moves.get(line.productId) ?? 0) - line.quantity);
    for (const [productId, delta] of moves) {
      if (delta === 0) continue;
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} + ${delta}`, updatedAt: now })
        .where(eq(products.id, productId));
    }
    await tx.delete(orderLines).where(eq(orderLines.orderId, order.id));
    await tx.insert(orderLines).values(plan.lines.map(({ locked: _locked, was: _was, ...line }) => ({ ...line, orderId: order.id })));
    const online = order.paymentId === PAYMENT_IDS.online;
    // Office pickup: a new delivery away from the office gives the place back; office pickup again keeps the slot booked.
    const delivery = input.delivery ? await keepPickupSlot(tx, order.id, input.delivery.record) : null;
    const [saved] = await tx
      .update(orders)
      .set({
        goodsTotal: plan.goodsTotal,
        deliveryTotal: plan.deliveryTotal,
        total: plan.total,
        ...(input.delivery && delivery ? { delivery, city: input.delivery.city } : {}),
        ...(input.contact ? { contact: input.contact } : {}),
        // The new link gets the whole window to be paid in, as a new order would.
        ...(online && order.status === "awaiting_payment"
          ? { paymentDueAt: paymentDeadline(order.paymentId, now, getConfig().orders.paymentTimeoutMinutes, getConfig().orders.hold.confirmTimeoutMinutes) }
          : {}),
        updatedAt: now,
      })
      .where(eq(orders.id, order.id))
      .returning();
    // The old sum's payment cannot be paid any more: a press on the old link starts a new attempt for the new sum.
    const voided = await tx
      .update(payments)
      .set({ status: "canceled", failureReason: "Заказ изменён: сумма другая", updatedAt: now })
      .where(and(eq(payments.orderId, order.id), inArray(payments.status, ["pending", "waiting_for_capture"])))
      .returning();
    for (const attempt of voided) await followPaymentReceipt(tx, attempt.id, "canceled");
    await announceReadsChanged(tx, "stock");
    await writeAudit(
      tx,
      actor,
      {
        action: "order.edit",
        entity: `order:${order.number}`,
        before: { lines: current.map((line) => ({ name: line.name, quantity: line.quantity })), total: order.total, version: order.version },
        after: {
          lines: plan.lines.map((line) => ({ name: line.name, quantity: line.quantity })),
          total: plan.total,
          ...(input.delivery ? { delivery: String(input.delivery.record.name ?? "") } : {}),
          ...(input.contact ? { recipient: [input.contact.lastName, input.contact.name].join(" ") } : {}),
        },
      },
      now,
    );
    await recordNotifications(tx, { kind: "order_changed", order: await orderFacts(tx, saved!), revision: saved!.version, was: order.total }, undefined, now);
    return { kind: "saved", number: order.number, was: order.total, total: plan.total, voided } as const;
  });
  if (outcome.kind !== "saved") return outcome;
  invalidateReads("stock");
  if (context.provider) await voidAtProvider(context.provider, outcome.voided);
  return { kind: "saved", number: outcome.number, was: outcome.was, total: outcome.total, voided: outcome.voided.length };
}

/** Asks the payment service to cancel attempts already voided here; a failure is only logged (money that comes is refunded). */
async function voidAtProvider(provider: PaymentProvider, attempts: ReadonlyArray<typeof payments.$inferSelect>): Promise<void> {
  for (const attempt of attempts) {
    if (!attempt.providerPaymentId || attempt.provider !== provider.id) continue;
    try {
      await provider.cancelPayment(attempt.providerPaymentId, `cancel-${attempt.idempotenceKey}`.slice(0, 64));
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      log.warn("a voided payment was not cancelled at the provider", { orderId: attempt.orderId, paymentId: attempt.providerPaymentId, reason: error.message });
    }
  }
}

/** The new delivery record of an edited order, with its office pickup booking kept (same delivery) or freed (another one). */
async function keepPickupSlot(tx: Database, orderId: number, record: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (record.id !== DELIVERY_IDS.officePickup) {
    await freeSlot(tx, orderId);
    return record;
  }
  const [booking] = await tx.select().from(pickupBookings).where(eq(pickupBookings.orderId, orderId));
  return booking ? { ...record, ...slotOfDelivery({ startsAt: new Date(booking.startsAt), minutes: booking.minutes }) } : record;
}
