import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { ReturnSettings } from "../config/return-settings.ts";
import type { Database } from "../db/client.server.ts";
import type { ReturnLine, ReturnStatus } from "../db/column-values.ts";
import { orderEvents, orderLines, orders, refunds, returnRequests, users } from "../db/schema.ts";
import { manualRefundText } from "../orders/manual-refund.ts";
import { type StaffActor, writeAudit } from "../audit/audit.server.ts";
import type { ReturnFacts } from "../notifications/events.ts";
import { recordNotifications } from "../notifications/outbox.server.ts";
import { orderFacts } from "../orders/lifecycle.server.ts";
import { refundedByOrder } from "../orders/refunded.server.ts";
import { putBackOnSale } from "../orders/restock.server.ts";
import { formatMoney } from "../shared/format.ts";
import type { Outcome } from "../shared/failure.ts";
import { invalidateReads } from "../shared/read-cache.ts";
import { returnAddress } from "../shop/return-terms.ts";
import { returnLastDayText, withinReturnPeriod } from "./period.ts";
import type { ReturnForm } from "./return-form.ts";
import { returnStatusLabels, returnTransitions } from "./statuses.ts";

/**
 * A buyer's return of coins bought at a distance (ЗоЗПП ст. 26.1; decision 057): the buyer asks
 * for pieces of a received order within the period, staff approve it, receive the coins (back on
 * sale when fit for sale) and give the money back through the order's refunds, or refuse with a
 * reason. Each step, its audit row and the buyer's message are one transaction.
 */

export const returnMessages = {
  notFound: "Заявка не найдена.",
  off: "Магазин сейчас не принимает заявки на возврат через сайт: позвоните нам.",
  notReceived: "Возврат можно оформить, когда заказ получен (статус «Выполнен»).",
  expired: (lastDay: string) => `Срок возврата истёк ${lastDay}: заявку через сайт оформить нельзя, позвоните нам.`,
  openRequest: "По этому заказу уже есть заявка на возврат: дождитесь ответа по ней.",
  nothingLeft: "Все монеты этого заказа уже возвращены.",
  nothingChosen: "Выберите монеты и количество для возврата.",
  unknownLine: "В заказе нет такой строки: обновите страницу.",
  tooMany: (name: string, left: number) => `«${name}»: вернуть можно не больше ${left} шт.`,
  stale: "Заявка уже изменена, обновите страницу",
  notNow: (status: ReturnStatus) => `Заявка в статусе «${returnStatusLabels[status]}»: этот шаг сейчас невозможен.`,
  approved: "Возврат одобрен; покупателю придут SMS и письмо с адресом.",
  received: (restocked: boolean) => (restocked ? "Монеты получены и снова в продаже." : "Монеты получены; в продажу они не возвращены."),
  refused: "В возврате отказано; покупатель получит причину.",
} as const;

type OrderRow = typeof orders.$inferSelect;
export type ReturnRow = typeof returnRequests.$inferSelect;

/** When the buyer received the order: the time of its latest «Выполнен» step; null when it has none. */
export async function receivedAtOf(db: Database, orderId: number): Promise<Date | null> {
  const [step] = await db
    .select({ at: orderEvents.createdAt })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.status, "completed")))
    .orderBy(desc(orderEvents.createdAt), desc(orderEvents.id))
    .limit(1);
  return step?.at ?? null;
}

/** The order's lines with the pieces that may still go back: bought minus refunded or being refunded. */
async function linesLeft(db: Database, orderId: number) {
  const [lines, refunded] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)),
    refundedByOrder(db, [orderId], { pending: true }),
  ]);
  const given = refunded.get(orderId);
  return lines.map((line) => ({
    id: line.id,
    name: line.name,
    price: line.price,
    quantity: line.quantity,
    left: given?.whole ? 0 : Math.max(0, line.quantity - (given?.pieces[line.id] ?? 0)),
  }));
}

export type ReturnableLine = Awaited<ReturnType<typeof linesLeft>>[number];

/** What the buyer's return page offers for an order, or why it offers nothing. */
export type ReturnOffer =
  | { kind: "off" }
  | { kind: "not-received" }
  | { kind: "expired"; lastDay: string }
  | { kind: "open-request"; request: ReturnRow }
  | { kind: "nothing-left" }
  | { kind: "available"; lastDay: string; lines: ReturnableLine[]; address: string };

/** Whether, and what, the buyer may return of this order now (the period counted in Moscow days). */
export async function returnOffer(db: Database, order: Pick<OrderRow, "id" | "status">, settings: ReturnSettings, now = new Date()): Promise<ReturnOffer> {
  if (!settings.accepted) return { kind: "off" };
  const receivedAt = order.status === "completed" ? await receivedAtOf(db, order.id) : null;
  if (!receivedAt) return { kind: "not-received" };
  const [open] = await db
    .select()
    .from(returnRequests)
    .where(and(eq(returnRequests.orderId, order.id), inArray(returnRequests.status, ["new", "approved", "received"])));
  if (open) return { kind: "open-request", request: open };
  const lastDay = returnLastDayText(receivedAt, settings.periodDays);
  if (!withinReturnPeriod(receivedAt, settings.periodDays, now)) return { kind: "expired", lastDay };
  const lines = await linesLeft(db, order.id);
  if (lines.every((line) => line.left === 0)) return { kind: "nothing-left" };
  return { kind: "available", lastDay, lines, address: returnAddress(settings) };
}

/** The refusal a closed offer gives a post. */
function offerRefusal(offer: Exclude<ReturnOffer, { kind: "available" }>): string {
  switch (offer.kind) {
    case "off":
      return returnMessages.off;
    case "not-received":
      return returnMessages.notReceived;
    case "expired":
      return returnMessages.expired(offer.lastDay);
    case "open-request":
      return returnMessages.openRequest;
    case "nothing-left":
      return returnMessages.nothingLeft;
  }
}

const factsOf = (request: ReturnRow, step: ReturnFacts["step"], settings: ReturnSettings): ReturnFacts => ({
  id: request.id,
  step,
  lines: request.lines.map((line) => `${line.name} × ${line.quantity}`),
  amount: request.amount,
  address: returnAddress(settings),
  ...(request.refusal ? { refusal: request.refusal } : {}),
  ...(request.sellable !== null ? { sellable: request.sellable } : {}),
});

/**
 * The buyer's request: the pieces chosen (each not more than is left of its line), priced at the
 * order's prices. The order is locked, so a second post (another tab, a double press) finds the
 * first request open and is refused; someone else's order is «not found», as on its page.
 */
export async function requestReturn(
  db: Database,
  buyer: { userId: number; orderId: number },
  form: ReturnForm,
  settings: ReturnSettings,
  now = new Date(),
): Promise<Outcome<{ id: number }>> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, buyer.orderId), eq(orders.userId, buyer.userId)))
      .for("update");
    if (!order) return { ok: false, reason: returnMessages.notFound };
    const offer = await returnOffer(tx, order, settings, now);
    if (offer.kind !== "available") return { ok: false, reason: offerRefusal(offer) };
    const lines: ReturnLine[] = [];
    for (const { lineId, quantity } of form.pieces) {
      const line = offer.lines.find((candidate) => candidate.id === lineId);
      if (!line) return { ok: false, reason: returnMessages.unknownLine };
      if (quantity > line.left) return { ok: false, reason: returnMessages.tooMany(line.name, line.left) };
      if (quantity > 0) lines.push({ orderLineId: line.id, name: line.name, quantity, priceRub: line.price });
    }
    if (lines.length === 0) return { ok: false, reason: returnMessages.nothingChosen };
    const amount = lines.reduce((sum, line) => sum + line.priceRub * line.quantity, 0);
    const [request] = await tx
      .insert(returnRequests)
      .values({
        orderId: order.id,
        userId: order.userId,
        lines,
        amount,
        reason: form.reason,
        handover: form.handover,
        comment: form.comment,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordNotifications(
      tx,
      { kind: "return_requested", order: await orderFacts(tx, order), request: factsOf(request!, "requested", settings) },
      undefined,
      now,
    );
    return { ok: true, id: request!.id };
  });
}

/** The order's requests, newest first (the buyer's return page). */
export async function returnsOfOrder(db: Database, orderId: number): Promise<ReturnRow[]> {
  return db.select().from(returnRequests).where(eq(returnRequests.orderId, orderId)).orderBy(desc(returnRequests.createdAt), desc(returnRequests.id));
}

/**
 * How and when the money of each refunded request went, in the buyer's words, by request id: by
 * hand (cash at the office or a bank transfer, decision 061) or through the payment service.
 */
export async function moneyBackOf(db: Database, requests: ReadonlyArray<Pick<ReturnRow, "id" | "refundId">>): Promise<Map<number, { at: Date; how: string }>> {
  const byRefund = new Map(requests.flatMap((request) => (request.refundId === null ? [] : [[request.refundId, request.id] as const])));
  const rows =
    byRefund.size === 0
      ? []
      : await db
          .select()
          .from(refunds)
          .where(inArray(refunds.id, [...byRefund.keys()]));
  return new Map(
    rows.map((refund) => [
      byRefund.get(refund.id)!,
      {
        at: refund.updatedAt,
        how: refund.manual
          ? `Деньги ${manualRefundText(refund.manual)}.`
          : refund.status === "succeeded"
            ? "Деньги возвращены на карту или счёт, с которого была оплата; срок зачисления зависит от банка."
            : "Возврат отправлен в платёжный сервис.",
      },
    ]),
  );
}

/** The back office's list: every request, or those of one status, newest first, with the order's number and the buyer. */
export async function listReturns(db: Database, { status, limit = 200 }: { status?: ReturnStatus; limit?: number } = {}) {
  return db
    .select({
      id: returnRequests.id,
      status: returnRequests.status,
      amount: returnRequests.amount,
      lines: returnRequests.lines,
      createdAt: returnRequests.createdAt,
      orderNumber: orders.number,
      buyerPhone: users.phone,
    })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .innerJoin(users, eq(users.id, returnRequests.userId))
    .where(status ? eq(returnRequests.status, status) : undefined)
    .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id))
    .limit(limit);
}

/** One request with its order (number, status, id) for the back office; null when there is none. */
export async function findReturn(db: Database, id: number) {
  const [row] = await db
    .select({
      request: returnRequests,
      order: { id: orders.id, number: orders.number, status: orders.status, paymentId: orders.paymentId },
      buyerPhone: users.phone,
    })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .innerJoin(users, eq(users.id, returnRequests.userId))
    .where(eq(returnRequests.id, id));
  return row ?? null;
}

export type ReturnStep = { intent: "approve" } | { intent: "receive"; sellable: boolean } | { intent: "refuse"; refusal: string };

const stepTarget = { approve: "approved", receive: "received", refuse: "refused" } as const satisfies Record<ReturnStep["intent"], ReturnStatus>;

/**
 * A staff step that moves no money: approve, coins received (put back on sale when staff say they
 * are fit for sale), or refuse with a reason. Refused from a page of an older version.
 */
export async function stepReturn(
  db: Database,
  actor: StaffActor,
  id: number,
  version: number,
  step: ReturnStep,
  settings: ReturnSettings,
): Promise<Outcome<{ message: string }>> {
  const done = await db.transaction(async (tx) => {
    const [request] = await tx.select().from(returnRequests).where(eq(returnRequests.id, id)).for("update");
    if (!request) return { ok: false as const, reason: returnMessages.notFound };
    if (request.version !== version) return { ok: false as const, reason: returnMessages.stale };
    const to = stepTarget[step.intent];
    if (!returnTransitions[request.status].includes(to)) return { ok: false as const, reason: returnMessages.notNow(request.status) };
    const sellable = step.intent === "receive" ? step.sellable : request.sellable;
    if (step.intent === "receive" && step.sellable) await putBackOnSale(tx, request.orderId, request.lines);
    const [updated] = await tx
      .update(returnRequests)
      .set({
        status: to,
        sellable,
        ...(step.intent === "refuse" ? { refusal: step.refusal } : {}),
        version: sql`${returnRequests.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(returnRequests.id, id))
      .returning();
    const [order] = await tx.select().from(orders).where(eq(orders.id, request.orderId));
    await writeAudit(tx, actor, {
      action: "return.status",
      entity: `order:${order!.number}`,
      before: { return: id, status: request.status },
      after: {
        return: id,
        status: to,
        ...(step.intent === "refuse" ? { reason: step.refusal } : {}),
        ...(step.intent === "receive"
          ? { sellable: step.sellable, restocked: step.sellable ? request.lines.map(({ name, quantity }) => ({ name, quantity })) : [] }
          : {}),
      },
    });
    await recordNotifications(tx, { kind: "return_step", order: await orderFacts(tx, order!), request: factsOf(updated!, to, settings) });
    return { ok: true as const, restocked: step.intent === "receive" && step.sellable };
  });
  if (!done.ok) return done;
  if (done.restocked) invalidateReads("stock");
  const message =
    step.intent === "approve" ? returnMessages.approved : step.intent === "receive" ? returnMessages.received(done.restocked) : returnMessages.refused;
  return { ok: true, message };
}

/**
 * The return's side of its refund, inside the refund's transaction (admin's refundOrderAsStaff,
 * the one refund code): `check` before the refund is written (the request is received and of the
 * version the page showed), `record` after (refunded, with the refund's row).
 */
export function returnRefundSteps(id: number, version: number) {
  return {
    async check(tx: Database): Promise<string | null> {
      const [request] = await tx.select().from(returnRequests).where(eq(returnRequests.id, id)).for("update");
      if (!request) return returnMessages.notFound;
      if (request.version !== version) return returnMessages.stale;
      if (!returnTransitions[request.status].includes("refunded")) return returnMessages.notNow(request.status);
      return null;
    },
    async record(tx: Database, refundId: number): Promise<void> {
      await tx
        .update(returnRequests)
        .set({ status: "refunded", refundId, version: sql`${returnRequests.version} + 1`, updatedAt: new Date() })
        .where(eq(returnRequests.id, id));
    },
    reason: `Возврат по заявке №${id} (отказ от товара, ст. 26.1 ЗоЗПП)`,
  };
}

export type ReturnRefundSteps = ReturnType<typeof returnRefundSteps>;

/** «Георгий Победоносец × 1, … на 42 000 ₽»: a request in one line for lists and notices. */
export const returnSummary = (request: Pick<ReturnRow, "lines" | "amount">) =>
  `${request.lines.map((line) => `${line.name} × ${line.quantity}`).join(", ")} на ${formatMoney(request.amount)}`;
