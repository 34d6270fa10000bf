import { getConfig } from "../config/config.server.ts";
import type { Database } from "../db/client.server.ts";
import { refreshOrderPayment, startPayment } from "./payments.server.ts";
import { getPaymentProvider } from "../payments/configured-provider.server.ts";

/**
 * Starts an online payment of an order and says where the buyer goes: the payment
 * service's page, or /payment-error when it could not start (the order is kept, the
 * reason is recorded on the attempt and shown there).
 */
export async function payOrder(db: Database, orderId: number): Promise<string> {
  const started = await startPayment(db, getPaymentProvider(db), { id: orderId }, { publicUrl: getConfig().publicUrl });
  return started.kind === "redirect" ? started.url : `/payment-error?order=${orderId}`;
}

/** The order's payment as the provider sees it now (the return from the payment page may come before its notification). */
export function reconcilePayment(db: Database, orderId: number) {
  return refreshOrderPayment(db, getPaymentProvider(db), orderId);
}
