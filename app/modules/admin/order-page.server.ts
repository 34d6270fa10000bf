import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { orderStatuses } from "../db/schema.ts";
import { flashHeader } from "../flash/flash.server.ts";
import { findOrderByNumber } from "../orders/operator.server.ts";
import { deliveryKindOf } from "../delivery/order-delivery.ts";
import { refundedByOrder } from "../orders/refunded.server.ts";
import { nextStatuses, orderStatusLabels } from "../orders/statuses.ts";
import { databaseContext } from "../request/context.ts";
import { readFormBody } from "../shared/form-body.server.ts";
import { listAudit } from "../audit/audit.server.ts";
import { staffActorContext } from "../staff/context.ts";
import { changeOrderStatusAsStaff } from "./order-actions.server.ts";
import { addOrderNote, listOrderNotes, noteFormSchema, orderExtrasMessages, parseRefundForm, refundableOf, refundOrderAsStaff } from "./order-extras.server.ts";

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
  };
}

/** The status form: one schema, Russian messages. */
export const statusFormSchema = z.object({
  to: z.enum(orderStatuses, { error: "Неизвестный статус" }),
  // Spaces of a pasted number are dropped by parseTrackingNumber, which says what a number is.
  trackingNumber: z.string().trim().max(80, "Трек-номер: не больше 40 символов").optional(),
  reason: z.string().trim().max(300, "Причина: не больше 300 символов").optional(),
  /** The order's version the page was made from. */
  version: z.coerce.number({ error: "Обновите страницу" }).int(),
});

/** POST /admin/orders/:number: the step through the operator's rules, audited; answered by a redirect with a notice. */
export async function handleAdminOrderAction(request: Request, context: Readonly<RouterContextProvider>, number: string) {
  const form = await readFormBody(request);
  const fields = Object.fromEntries([...form].filter(([, value]) => typeof value === "string" && value.trim() !== ""));
  let notice: { kind: "success" | "error"; message: string };
  const back = async () => redirect(`/admin/orders/${encodeURIComponent(number)}`, { status: 303, headers: { "Set-Cookie": await flashHeader(notice) } });
  const { db } = context.get(databaseContext);
  const actor = context.get(staffActorContext);
  if (fields.intent === "note") {
    const note = noteFormSchema.safeParse(fields);
    const saved = note.success ? await addOrderNote(db, actor, number, note.data.text) : { ok: false as const, reason: note.error.issues[0]!.message };
    notice = saved.ok ? { kind: "success", message: orderExtrasMessages.noteSaved } : { kind: "error", message: saved.reason };
    return back();
  }
  if (fields.intent === "refund") {
    const refund = parseRefundForm(fields);
    const done = refund.success ? await refundOrderAsStaff(db, actor, number, refund.data) : { ok: false as const, reason: refund.error.issues[0]!.message };
    notice = done.ok ? { kind: "success", message: done.message } : { kind: "error", message: done.reason };
    return back();
  }
  const parsed = statusFormSchema.safeParse(fields);
  if (!parsed.success) {
    notice = { kind: "error", message: parsed.error.issues.map((issue) => issue.message).join(". ") };
  } else {
    const { to, trackingNumber, reason, version } = parsed.data;
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
  }
  return back();
}
