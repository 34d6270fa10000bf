import { invoiceResponse, orderInvoicePdf } from "#app/modules/orders/invoice.server.ts";
import { pageNotFound } from "#app/modules/shared/not-found.ts";
import { requireOwnOrder } from "#app/modules/storefront/order-page.server.ts";
import type { Route } from "./+types/order-invoice";

/** The buyer's «Счёт на оплату» as a PDF: their own order paid by invoice only; anything else is a 404. */
export async function loader({ url, context, params }: Route.LoaderArgs) {
  const { db, order } = await requireOwnOrder(url, context, params.id);
  const file = await orderInvoicePdf(db, order);
  if (!file) pageNotFound(url.pathname);
  return invoiceResponse(file);
}
