import { and, asc, eq, gt, gte, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { exchangeOrders, orderLines, orders, products } from "../db/schema.ts";
import { orderDelivery, orderDeliveryLine } from "../delivery/order-delivery.ts";
import { PAYMENT_IDS } from "../payments/methods.ts";
import { coinVatColumns } from "../receipts/receipts.server.ts";
import { DELIVERY_VAT, receiptVat, vatTreatment } from "../tax/vat.ts";
import { paidStatuses, type SaleOrder } from "./sale-document.ts";
import type { ExchangeSettings } from "./settings.server.ts";
import { type StaffActor, writeAudit } from "../audit/audit.server.ts";
import type { Outcome } from "../shared/failure.ts";

/**
 * Which orders type=sale sends, and their marks (decision 048): an order goes out while its
 * version is past the one 1C took; a query notes what it sent, success of the same exchange
 * makes that taken. Two queries without success send the same orders.
 */

/** 00:00 Moscow of a "YYYY-MM-DD" day. */
const moscowMidnight = (day: string) => new Date(`${day}T00:00:00+03:00`);

function scope(settings: Pick<ExchangeSettings, "ordersScope" | "ordersFrom">): SQL | undefined {
  const conditions: SQL[] = [];
  if (settings.ordersScope === "paid") {
    conditions.push(
      or(
        and(eq(orders.paymentId, PAYMENT_IDS.onReceipt), inArray(orders.status, [...paidStatuses(PAYMENT_IDS.onReceipt)])),
        and(sql`${orders.paymentId} <> ${PAYMENT_IDS.onReceipt}`, inArray(orders.status, [...paidStatuses(PAYMENT_IDS.online)])),
      )!,
    );
  }
  if (settings.ordersFrom) conditions.push(gte(orders.createdAt, moscowMidnight(settings.ordersFrom)));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * The orders new or changed since 1C last took them, within the settings' scope, read in full;
 * each noted as sent in this exchange at the version read (in one transaction with the read).
 */
export async function ordersToSend(db: Database, sessionId: number, settings: ExchangeSettings): Promise<SaleOrder[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ order: orders })
      .from(orders)
      .leftJoin(exchangeOrders, eq(exchangeOrders.orderId, orders.id))
      .where(and(or(isNull(exchangeOrders.takenVersion), gt(orders.version, exchangeOrders.takenVersion)), scope(settings)))
      .orderBy(asc(orders.id));
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.order.id);
    const lines = await tx
      .select({
        orderId: orderLines.orderId,
        sku: orderLines.sku,
        name: orderLines.name,
        quantity: orderLines.quantity,
        price: orderLines.price,
        lineTotal: orderLines.lineTotal,
        exchangeId: products.exchangeId,
        ...coinVatColumns,
      })
      .from(orderLines)
      .innerJoin(products, eq(products.id, orderLines.productId))
      .where(inArray(orderLines.orderId, ids))
      .orderBy(asc(orderLines.id));
    for (const { order } of rows) {
      await tx
        .insert(exchangeOrders)
        .values({ orderId: order.id, sentVersion: order.version, sentSessionId: sessionId })
        .onConflictDoUpdate({ target: exchangeOrders.orderId, set: { sentVersion: order.version, sentSessionId: sessionId } });
    }
    return rows.map(({ order }): SaleOrder => {
      const delivery = orderDelivery(order.delivery);
      return {
        id: order.id,
        number: order.number,
        status: order.status,
        paymentId: order.paymentId,
        createdAt: order.createdAt,
        updatedAt: order.updatedAt,
        total: order.total,
        comment: order.comment,
        buyer: { id: order.userId, ...order.contact },
        city: order.city.name,
        address: orderDeliveryLine(order.delivery, order.city.name),
        // The VAT of each line and of the delivery as the order's receipts have it (receipts/receipts.server.ts).
        lines: lines
          .filter((line) => line.orderId === order.id)
          .map((line) => ({
            goodId: line.exchangeId ?? line.sku,
            name: line.name,
            price: line.price,
            quantity: line.quantity,
            sum: line.lineTotal,
            vat: receiptVat(vatTreatment(line), order.createdAt),
          })),
        delivery: { name: delivery.name, price: order.deliveryTotal, vat: receiptVat(DELIVERY_VAT, order.createdAt) },
      };
    });
  });
}

/** mode=success: what this exchange's last query sent is taken; the number of orders. */
export async function markOrdersTaken(db: Database, sessionId: number, now = new Date()): Promise<number> {
  const taken = await db
    .update(exchangeOrders)
    .set({ takenVersion: sql`${exchangeOrders.sentVersion}`, takenAt: now, sentSessionId: null })
    .where(eq(exchangeOrders.sentSessionId, sessionId))
    .returning({ orderId: exchangeOrders.orderId });
  return taken.length;
}

/**
 * «Отправить заказы заново с даты»: every order placed since that day (Moscow) is no longer taken,
 * so the next query sends it again (1C lost them, or a new base is connected); audited with the
 * count. Orders before the settings' first day still stay out.
 */
export async function resendOrdersFrom(db: Database, day: string, actor: StaffActor): Promise<Outcome<{ count: number }>> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(moscowMidnight(day).getTime())) return { ok: false, reason: "Дата заказов: ГГГГ-ММ-ДД" };
  return db.transaction(async (tx) => {
    const reset = await tx
      .update(exchangeOrders)
      .set({ takenVersion: null, takenAt: null })
      .where(
        inArray(
          exchangeOrders.orderId,
          tx
            .select({ id: orders.id })
            .from(orders)
            .where(gte(orders.createdAt, moscowMidnight(day))),
        ),
      )
      .returning({ orderId: exchangeOrders.orderId });
    await writeAudit(tx, actor, { action: "exchange.resend", entity: "exchange:orders", after: { from: day, orders: reset.length } });
    return { ok: true, count: reset.length };
  });
}
