import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { orderStatuses } from "../db/schema.ts";
import { flashHeader } from "../flash/flash.server.ts";
import { findOrderByNumber } from "../orders/operator.server.ts";
import { deliveryKindOf } from "../delivery/order-delivery.ts";
import { refundedByOrder } from "../orders/refunded.server.ts";
import { editRefusal } from "../orders/edit-order.server.ts";
import { returnsOfOrder } from "../returns/requests.server.ts";
import { orderPickup } from "../pickup/pickup.server.ts";
import { nextStatuses, orderStatusLabels } from "../orders/statuses.ts";
import { databaseContext } from "../request/context.ts";
import { readForm } from "../forms/read-form.ts";
import { readFormBody } from "../shared/form-body.server.ts";
import { listAudit } from "../audit/audit.server.ts";
import { staffActorContext } from "../staff/context.ts";
import { changeOrderStatusAsStaff } from "./order-actions.server.ts";
import {
  addOrderNote,
  listOrderNotes,
  noteFormSchema,
  orderExtrasMessages,
  refundableOf,
  refundFormSchema,
  refundOrderAsStaff,
} from "./order-extras.server.ts";

/** One order in the back office: everything the operator's `show` prints, the allowed next steps and who changed it. */
export async function loadAdminOrder(context: Readonly<RouterContextProvider>, number: string) {
  const { db } = context.get(databaseContext);
  const order = await findOrderByNumber(db, number);
  if (!order) throw data("Заказ не найден", { status: 404 });
  const { checkoutToken: _token, ...shown } = order;
  return {
    order: shown,
    next: nextStatuses(order.status, deliveryKindOf(order.delivery)),
    refunded: (await refundedByOrder(db, [order.id])).get(order.id)?.amount ?? 0,
    audit: await listAudit(db, { entity: `order:${order.number}`, limit: 50 }),
    notes: await listOrderNotes(db, order.id),
    refundable: await refundableOf(db, order),
    // The buyer's return requests: staff act on them on their own page, whose refund is this order's.
    returns: (await returnsOfOrder(db, order.id)).map((request) => ({ id: request.id, status: request.status, amount: request.amount })),
    editable: editRefusal(order) === null,
    // Office pickup: the slot booked and where staff may move it (the same move as /admin/pickup's).
    pickup: await orderPickup(db, order),
  };
}

/** The status form: one schema, Russian messages; it posts no intent. */
export const statusFormSchema = z.object({
  intent: z.literal(["status", ""]).optional(),
  to: z.enum(orderStatuses, { error: "Неизвестный статус" }),
  // Spaces of a pasted number are dropped by parseTrackingNumber, which says what a number is.
  trackingNumber: z.string().trim().max(80, "Трек-номер: не больше 40 символов").optional(),
  reason: z.string().trim().max(300, "Причина: не больше 300 символов").optional(),
  /** The order's version the page was made from. */
  version: z.coerce.number({ error: "Обновите страницу" }).int(),
});

/** The order page's three forms (status, note, refund), told apart by their intent. */
const orderPageFormSchema = z.discriminatedUnion("intent", [statusFormSchema, noteFormSchema, refundFormSchema], { error: "Неизвестное действие" });

/** POST /admin/orders/:number: the step through the operator's rules, audited; answered by a redirect with a notice. */
export async function handleAdminOrderAction(request: Request, context: Readonly<RouterContextProvider>, number: string) {
  const posted = readForm(await readFormBody(request), orderPageFormSchema);
  let notice: { kind: "success" | "error"; message: string };
  const back = async () => redirect(`/admin/orders/${encodeURIComponent(number)}`, { status: 303, headers: { "Set-Cookie": await flashHeader(notice) } });
  const { db } = context.get(databaseContext);
  const actor = context.get(staffActorContext);
  if (!posted.ok) {
    // A note's or a refund's first problem; every problem of the status form.
    const intent = posted.payload.intent;
    notice = { kind: "error", message: intent === "note" || intent === "refund" ? posted.issues[0]!.message : posted.reason };
    return back();
  }
  const input = posted.value;
  if (input.intent === "note") {
    const saved = await addOrderNote(db, actor, number, input.text);
    notice = saved.ok ? { kind: "success", message: orderExtrasMessages.noteSaved } : { kind: "error", message: saved.reason };
    return back();
  }
  if (input.intent === "refund") {
    const done = await refundOrderAsStaff(db, actor, number, input);
    notice = done.ok ? { kind: "success", message: done.message } : { kind: "error", message: done.reason };
    return back();
  }
  const { to, trackingNumber, reason, version } = input;
  const change = await changeOrderStatusAsStaff(db, actor, number, to, {
    version,
    ...(to === "shipped" && trackingNumber ? { trackingNumber } : {}),
    ...(to === "cancelled" && reason ? { reason } : {}),
  });
  notice = change.ok
    ? {
        kind: "success",
        message: [
          `Заказ №${change.number}: ${orderStatusLabels[change.from]} → ${orderStatusLabels[change.to]}.`,
          change.restocked.length > 0 ? `Возвращено в продажу: ${change.restocked.map((line) => `${line.name} × ${line.quantity}`).join(", ")}.` : "",
          change.refundNeeded ? "Заказ был оплачен онлайн: верните деньги в блоке «Возврат денег» ниже." : "",
        ]
          .filter(Boolean)
          .join(" "),
      }
    : { kind: "error", message: change.reason };
  return back();
}
