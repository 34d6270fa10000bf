import { redirect, type RouterContextProvider } from "react-router";
import { requireUser } from "../auth/require-user.server.ts";
import { databaseContext } from "../request/context.ts";
import { pageNotFound } from "../shared/not-found.ts";
import { payOrder } from "../orders/payment-flow.server.ts";
import { findOrder } from "../orders/place-order.server.ts";
import { nothingRefunded, refundedByOrder } from "../orders/refunded.server.ts";
import { isPayable } from "../orders/statuses.ts";
import { getConfig } from "../config/config.server.ts";
import type { Database } from "../db/client.server.ts";
import { returnOffer, returnsOfOrder } from "../returns/requests.server.ts";
import { returnStatusLabels } from "../returns/statuses.ts";

/** An order id from the URL (path or ?order=): a positive integer, else the page does not exist. */
export function parseOrderId(value: string | null | undefined, pathname: string): number {
  if (!value || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) pageNotFound(pathname);
  return Number(value);
}

/** The signed-in buyer's order with its lines; someone else's order, or none, is a 404 (never a hint it exists). */
export async function requireOwnOrder(url: URL, context: Readonly<RouterContextProvider>, rawId: string | null | undefined) {
  const user = requireUser(url, context);
  // /thanks or /payment-error opened without an order (a bookmark, say): the buyer's orders are the useful page.
  if (rawId === null) throw redirect("/my/orders");
  const { db } = context.get(databaseContext);
  const found = await findOrder(db, user.id, parseOrderId(rawId, url.pathname));
  if (!found) pageNotFound(url.pathname);
  // What went back by refunds, so the order's pages show what it came to after them.
  const order = { ...found, refunded: (await refundedByOrder(db, [found.id])).get(found.id) ?? nothingRefunded };
  return { user, db, order };
}

export type OwnOrder = Awaited<ReturnType<typeof requireOwnOrder>>["order"];

/**
 * The buyer's "pay again" post (spec modal 'cabinetPayment'): a new attempt for their unpaid
 * online order, or, when there is nothing left to pay, the page `settledPath` names.
 */
export async function payAgain(url: URL, context: Readonly<RouterContextProvider>, rawId: string | null | undefined, settledPath: (orderId: number) => string) {
  const { db, order } = await requireOwnOrder(url, context, rawId);
  if (!isPayable(order)) return redirect(settledPath(order.id), 303);
  return redirect(await payOrder(db, order.id), 303);
}

/**
 * What the order page says of a return: «Оформить возврат» while the period runs and something is
 * left, else the latest request's status; null when there is nothing to say.
 */
export async function orderReturnState(
  db: Database,
  order: OwnOrder,
): Promise<{ kind: "available"; lastDay: string } | { kind: "request"; status: string } | null> {
  const offer = await returnOffer(db, order, getConfig().returns);
  if (offer.kind === "available") return { kind: "available", lastDay: offer.lastDay };
  const [latest] = offer.kind === "not-received" ? [] : await returnsOfOrder(db, order.id);
  return latest ? { kind: "request", status: returnStatusLabels[latest.status] } : null;
}
