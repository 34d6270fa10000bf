import { data } from "react-router";
import { invoiceResponse, orderInvoicePdf } from "#app/modules/orders/invoice.server.ts";
import { findOrderByNumber } from "#app/modules/orders/operator.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import type { Route } from "./+types/order-invoice";

/** GET /admin/orders/:number/invoice: the order's invoice as the buyer got it. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const order = await findOrderByNumber(db, params.number);
  const file = order ? await orderInvoicePdf(db, order) : undefined;
  if (!file) throw data("Счёта по этому заказу нет", { status: 404 });
  return invoiceResponse(file);
}
