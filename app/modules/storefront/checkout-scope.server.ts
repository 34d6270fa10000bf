import { eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { orders } from "../db/schema.ts";
import type { Database } from "../db/client.server.ts";
import { getDeliveryProvider } from "../delivery/delivery.server.ts";
import { PAYMENT_IDS } from "../payments/methods.ts";
import { payOrder } from "../orders/payment-flow.server.ts";
import { getQuotesService } from "../quotes/quotes.server.ts";
import { databaseContext, listOwnerContext, userContext } from "../request/context.ts";
import { isShopOpen, readSalesSetting } from "../shop/status.server.ts";
import { afterPlacement, type CheckoutOutcome, type CheckoutScope } from "./checkout-action.server.ts";

/** What checkout needs from the request: the database, whose cart, who is signed in, today's prices and whether the shop sells now. */
export async function checkoutScope(context: Readonly<RouterContextProvider>): Promise<CheckoutScope> {
  const { db } = context.get(databaseContext);
  const [quotes, sales] = await Promise.all([getQuotesService(), readSalesSetting(db)]);
  return {
    db,
    owner: context.get(listOwnerContext),
    user: context.get(userContext),
    rates: quotes.rates(),
    shopOpen: isShopOpen({ paused: sales.paused, quotesFresh: quotes.isFresh() }),
    provider: getDeliveryProvider(),
  };
}

/**
 * Where a placed order goes next: a new order paid online goes to the payment page (or
 * /payment-error when the payment could not start: the order is kept); an order paid on
 * receipt, or the same form sent twice, goes to /thanks, which shows its state; one whose payment
 * could not start because the database went away, to its page, where it can be paid.
 */
export async function paymentRedirect(db: Database, placed: Extract<CheckoutOutcome, { kind: "placed" }>): Promise<string> {
  const thanks = `/thanks?order=${placed.orderId}`;
  if (placed.paymentId !== PAYMENT_IDS.online || !placed.isNew) return thanks;
  // Should the payment not start for want of the database, the order's page offers to pay it again.
  return afterPlacement(
    placed.orderId,
    async () => {
      // Held for review (115-FZ list screening): no payment until compliance staff release it.
      const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, placed.orderId)).limit(1);
      if (order?.status === "on_review") return thanks;
      return payOrder(db, placed.orderId);
    },
    `/my/orders/${placed.orderId}`,
  );
}
