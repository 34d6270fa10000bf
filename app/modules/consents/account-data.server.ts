import { removeReviewsOfBuyer } from "../reviews/reviews.server.ts";
import { invalidateReads } from "../shared/read-cache.ts";
import { and, asc, eq, inArray, isNull, notInArray, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import type { Outcome } from "../shared/failure.ts";
import {
  alerts,
  buybackEvents,
  buybackRequests,
  checkoutDrafts,
  consents,
  listItems,
  notifications,
  orderEvents,
  orderLines,
  orders,
  products,
  receipts,
  returnRequests,
  sessions,
  smsCodes,
  telegramLinks,
  telegramLinkTokens,
  users,
} from "../db/schema.ts";
import { formatPhone } from "../phone/phone.ts";

type Buyer = { id: number; phone: string };

/** Buy-back requests still being dealt with: deleting the seller's contact would strand them. */
const openBuybackStatuses = ["new", "contacted", "offered", "agreed"] as const;
/** Orders not finished yet: delivery and the receipt at handover still need the buyer's name and phone. */
const finishedOrderStatuses = ["completed", "cancelled"] as const;
/** Return requests still being dealt with: the coins and the money are on their way. */
const openReturnStatuses = ["new", "approved", "received"] as const;

/**
 * Everything the shop keeps about one buyer (152-FZ art. 14: the right of access), as one JSON
 * document: the profile, orders with their lines and steps, lists, alerts, consents, buy-back
 * requests (by the account's phone), return requests, the checkout draft, the sessions and the linked Telegram chat. Reads only.
 */
export async function exportAccountData(db: Database, buyer: Buyer, now = new Date()) {
  const owner = `user:${buyer.id}`;
  const [profile] = await db
    .select({
      phone: users.phone,
      lastName: users.lastName,
      name: users.name,
      secondName: users.secondName,
      email: users.email,
      deliveryProfile: users.buyProfile,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, buyer.id));
  const orderRows = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      contact: orders.contact,
      city: orders.city,
      delivery: orders.delivery,
      paymentId: orders.paymentId,
      goodsTotal: orders.goodsTotal,
      deliveryTotal: orders.deliveryTotal,
      total: orders.total,
      comment: orders.comment,
      trackingNumber: orders.trackingNumber,
      cancelReason: orders.cancelReason,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.userId, buyer.id))
    .orderBy(asc(orders.createdAt));
  const orderIds = orderRows.map((order) => order.id);
  const [lines, events, lists, alertRows, consentRows, buybackRows, drafts, sessionRows, returnRows] = await Promise.all([
    orderIds.length
      ? db
          .select({
            orderId: orderLines.orderId,
            sku: orderLines.sku,
            name: orderLines.name,
            quantity: orderLines.quantity,
            price: orderLines.price,
            lineTotal: orderLines.lineTotal,
          })
          .from(orderLines)
          .where(inArray(orderLines.orderId, orderIds))
          .orderBy(asc(orderLines.id))
      : [],
    orderIds.length
      ? db
          .select({ orderId: orderEvents.orderId, status: orderEvents.status, note: orderEvents.note, at: orderEvents.createdAt })
          .from(orderEvents)
          .where(inArray(orderEvents.orderId, orderIds))
          .orderBy(asc(orderEvents.createdAt))
      : [],
    db
      .select({ list: listItems.list, sku: products.sku, name: products.name, quantity: listItems.quantity, addedAt: listItems.addedAt })
      .from(listItems)
      .innerJoin(products, eq(products.id, listItems.productId))
      .where(eq(listItems.owner, owner))
      .orderBy(asc(listItems.list), asc(listItems.addedAt)),
    db
      .select({
        sku: products.sku,
        name: products.name,
        kind: alerts.kind,
        threshold: alerts.threshold,
        channel: alerts.channel,
        createdAt: alerts.createdAt,
        lastNotifiedAt: alerts.lastNotifiedAt,
      })
      .from(alerts)
      .innerJoin(products, eq(products.id, alerts.productId))
      .where(eq(alerts.userId, buyer.id))
      .orderBy(asc(alerts.createdAt)),
    db
      .select({
        purpose: consents.purpose,
        phone: consents.phone,
        documentVersion: consents.documentVersion,
        documentHash: consents.documentHash,
        reference: consents.reference,
        ip: consents.ip,
        userAgent: consents.userAgent,
        givenAt: consents.givenAt,
        withdrawnAt: consents.withdrawnAt,
      })
      .from(consents)
      .where(or(eq(consents.userId, buyer.id), and(isNull(consents.userId), eq(consents.phone, buyer.phone))))
      .orderBy(asc(consents.givenAt)),
    db
      .select({
        id: buybackRequests.id,
        name: buybackRequests.name,
        phone: buybackRequests.phone,
        items: buybackRequests.items,
        comment: buybackRequests.comment,
        status: buybackRequests.status,
        coinName: buybackRequests.coinName,
        quantity: buybackRequests.quantity,
        unitPrice: buybackRequests.unitPrice,
        offeredPrice: buybackRequests.offeredPrice,
        agreedPrice: buybackRequests.agreedPrice,
        createdAt: buybackRequests.createdAt,
      })
      .from(buybackRequests)
      .where(eq(buybackRequests.phone, buyer.phone))
      .orderBy(asc(buybackRequests.createdAt)),
    db.select({ data: checkoutDrafts.data, updatedAt: checkoutDrafts.updatedAt }).from(checkoutDrafts).where(eq(checkoutDrafts.owner, owner)),
    db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, ip: sessions.ip, userAgent: sessions.userAgent })
      .from(sessions)
      .where(eq(sessions.userId, buyer.id))
      .orderBy(asc(sessions.createdAt)),
    db
      .select({
        order: orders.number,
        status: returnRequests.status,
        lines: returnRequests.lines,
        amount: returnRequests.amount,
        reason: returnRequests.reason,
        handover: returnRequests.handover,
        comment: returnRequests.comment,
        refusal: returnRequests.refusal,
        createdAt: returnRequests.createdAt,
      })
      .from(returnRequests)
      .innerJoin(orders, eq(orders.id, returnRequests.orderId))
      .where(eq(returnRequests.userId, buyer.id))
      .orderBy(asc(returnRequests.createdAt)),
  ]);
  const buybackIds = buybackRows.map((row) => row.id);
  const buybackSteps = buybackIds.length
    ? await db
        .select({
          requestId: buybackEvents.requestId,
          status: buybackEvents.status,
          note: buybackEvents.note,
          price: buybackEvents.price,
          at: buybackEvents.createdAt,
        })
        .from(buybackEvents)
        .where(inArray(buybackEvents.requestId, buybackIds))
        .orderBy(asc(buybackEvents.createdAt))
    : [];
  return {
    exportedAt: now.toISOString(),
    about: "Ваши персональные данные в магазине «Аурум» (152-ФЗ, ст. 14). Суммы — в рублях.",
    profile: profile ?? null,
    orders: orderRows.map(({ id, ...order }) => ({
      ...order,
      lines: lines.filter((line) => line.orderId === id).map(({ orderId: _orderId, ...line }) => line),
      history: events.filter((event) => event.orderId === id).map(({ orderId: _orderId, ...event }) => event),
    })),
    lists: {
      cart: lists.filter((item) => item.list === "cart").map(({ list: _list, ...item }) => item),
      wishlist: lists.filter((item) => item.list === "wishlist").map(({ list: _list, ...item }) => item),
      compare: lists.filter((item) => item.list === "compare").map(({ list: _list, ...item }) => item),
    },
    alerts: alertRows,
    consents: consentRows,
    buybackRequests: buybackRows.map(({ id, ...row }) => ({
      ...row,
      history: buybackSteps.filter((step) => step.requestId === id).map(({ requestId: _requestId, ...step }) => step),
    })),
    returnRequests: returnRows.map((row) => ({ ...row, lines: row.lines.map(({ name, quantity, priceRub }) => ({ name, quantity, price: priceRub })) })),
    checkoutDraft: drafts[0] ?? null,
    sessions: sessionRows,
    telegram:
      (
        await db
          .select({ chatId: telegramLinks.chatId, kinds: telegramLinks.kinds, linkedAt: telegramLinks.linkedAt })
          .from(telegramLinks)
          .where(eq(telegramLinks.userId, buyer.id))
      )[0] ?? null,
  };
}

export type DeleteAccountResult = Outcome;

/**
 * Deletes a buyer's account (152-FZ art. 21): in one transaction, the personal data is erased or
 * anonymised, what the law keeps is kept without the person. Orders stay (tax law: 5 years) with
 * the name, phone, e-mail, courier address and comment removed, and so do their receipts without
 * the contact; lists, alerts, the checkout draft, sign-in codes and sessions go; messages to the
 * buyer lose their address and text; buy-back requests keep the coins and prices without the
 * seller, return requests their coins and sums without the buyer's words; the consents stay as the proof they were given, each marked withdrawn. The user row stays
 * (orders point to it) with the phone replaced by "deleted:<id>": the phone signs in as a new buyer.
 * Refused while an order, a buy-back or a return request is still being dealt with.
 */
export async function deleteAccount(db: Database, buyer: Buyer, now = new Date()): Promise<DeleteAccountResult> {
  let reviewsRemoved = 0;
  const result = await db.transaction(async (tx): Promise<DeleteAccountResult> => {
    const [user] = await tx.select().from(users).where(eq(users.id, buyer.id)).for("update");
    if (!user || user.deletedAt) return { ok: false, reason: "Аккаунт уже удалён" };
    const phone = user.phone;
    const owner = `user:${user.id}`;

    const active = await tx
      .select({ number: orders.number })
      .from(orders)
      .where(and(eq(orders.userId, user.id), notInArray(orders.status, [...finishedOrderStatuses])))
      .orderBy(asc(orders.createdAt))
      .limit(5);
    if (active.length > 0) {
      return {
        ok: false,
        reason: `Сначала дождитесь выполнения или отмены заказов: ${active.map((order) => `№ ${order.number}`).join(", ")}. Пока заказ в работе, нам нужны ваши имя и телефон, чтобы его передать.`,
      };
    }
    const sending = await tx
      .select({ id: receipts.id })
      .from(receipts)
      .innerJoin(orders, eq(orders.id, receipts.orderId))
      .where(and(eq(orders.userId, user.id), inArray(receipts.status, ["queued", "sending"])))
      .limit(1);
    if (sending.length > 0) return { ok: false, reason: "Чек по вашему заказу ещё отправляется. Попробуйте удалить аккаунт через несколько минут." };
    const openBuyback = await tx
      .select({ id: buybackRequests.id })
      .from(buybackRequests)
      .where(and(eq(buybackRequests.phone, phone), inArray(buybackRequests.status, [...openBuybackStatuses])))
      .limit(1);
    if (openBuyback.length > 0) {
      return {
        ok: false,
        reason: "У вас есть незавершённая заявка на выкуп монет. Дождитесь её завершения или попросите оценщика закрыть её, затем удалите аккаунт.",
      };
    }

    const openReturn = await tx
      .select({ id: returnRequests.id })
      .from(returnRequests)
      .where(and(eq(returnRequests.userId, user.id), inArray(returnRequests.status, [...openReturnStatuses])))
      .limit(1);
    if (openReturn.length > 0) {
      return { ok: false, reason: "У вас есть незавершённая заявка на возврат. Дождитесь возврата денег или ответа по ней, затем удалите аккаунт." };
    }

    const orderIds = tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, user.id));
    await tx
      .update(orders)
      .set({
        contact: { name: "", lastName: "", secondName: "", email: "", phone: "" },
        delivery: sql`${orders.delivery} - 'address'`,
        comment: "",
        updatedAt: now,
      })
      .where(eq(orders.userId, user.id));
    await tx.update(receipts).set({ customer: {}, updatedAt: now }).where(inArray(receipts.orderId, orderIds));

    // The buyer's Telegram chat goes with the account, and the messages addressed to it are wiped like the rest.
    const [chat] = await tx.delete(telegramLinks).where(eq(telegramLinks.userId, user.id)).returning({ chatId: telegramLinks.chatId });
    await tx.delete(telegramLinkTokens).where(eq(telegramLinkTokens.userId, user.id));
    const addressedToBuyer = inArray(notifications.recipient, [phone, ...(user.email ? [user.email] : []), ...(chat ? [chat.chatId] : [])]);
    await tx
      .update(notifications)
      .set({
        recipient: sql`case when ${notifications.audience} = 'buyer' then '' else ${notifications.recipient} end`,
        subject: "",
        text: "Текст удалён: покупатель удалил аккаунт",
        html: null,
        status: sql`case when ${notifications.status} in ('pending', 'sending') then 'skipped' else ${notifications.status} end`,
        lastError: sql`case when ${notifications.status} in ('pending', 'sending') then 'Покупатель удалил аккаунт' else ${notifications.lastError} end`,
      })
      .where(
        or(
          and(eq(notifications.audience, "buyer"), addressedToBuyer),
          inArray(notifications.orderId, orderIds),
          sql`position(${phone} in ${notifications.text}) > 0`,
          sql`position(${formatPhone(phone)} in ${notifications.text}) > 0`,
        ),
      );

    await tx
      .update(buybackRequests)
      .set({ name: "", phone: "", comment: "", ip: null, visitorId: null, updatedAt: now })
      .where(eq(buybackRequests.phone, phone));
    // A return keeps its coins, sums and steps; the buyer's own words go.
    await tx.update(returnRequests).set({ reason: "", comment: "", updatedAt: now }).where(eq(returnRequests.userId, user.id));
    await tx
      .update(consents)
      .set({ withdrawnAt: now })
      .where(and(isNull(consents.withdrawnAt), or(eq(consents.userId, user.id), and(isNull(consents.userId), eq(consents.phone, phone)))));

    await tx.delete(listItems).where(eq(listItems.owner, owner));
    await tx.delete(checkoutDrafts).where(eq(checkoutDrafts.owner, owner));
    await tx.delete(alerts).where(eq(alerts.userId, user.id));
    reviewsRemoved = await removeReviewsOfBuyer(tx, user.id);
    await tx.delete(smsCodes).where(eq(smsCodes.phone, phone));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await tx
      .update(users)
      .set({ phone: `deleted:${user.id}`, name: "", lastName: "", secondName: "", email: "", buyProfile: {}, deletedAt: now, updatedAt: now })
      .where(eq(users.id, user.id));
    return { ok: true };
  });
  // The coins' pages showed the buyer's published reviews.
  if (reviewsRemoved > 0) invalidateReads("catalog");
  return result;
}
