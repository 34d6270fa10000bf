import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { getConfig } from "../config/config.server.ts";
import { returnStatuses } from "../db/column-values.ts";
import { flashHeader } from "../flash/flash.server.ts";
import { readForm } from "../forms/read-form.ts";
import { findOrderByNumber } from "../orders/operator.server.ts";
import { databaseContext } from "../request/context.ts";
import { findReturn, listReturns, receivedAtOf, returnRefundSteps, stepReturn } from "../returns/requests.server.ts";
import { returnStepFormSchema } from "../returns/return-form.ts";
import { returnTransitions } from "../returns/statuses.ts";
import { REFUND_DAYS, returnLastDayText } from "../returns/period.ts";
import { readFormBody } from "../shared/form-body.server.ts";
import { returnAddress } from "../shop/return-terms.ts";
import { staffActorContext } from "../staff/context.ts";
import { requestId } from "./buyback-page.server.ts";
import { refundOrderAsStaff, refundOrderByHand } from "./order-extras.server.ts";
import { PAYMENT_IDS } from "../payments/methods.ts";

const statusFilter = z.enum(returnStatuses).optional().catch(undefined);

/** GET /admin/returns: the requests, newest first, of one status when the filter names one. */
export async function loadAdminReturns(context: Readonly<RouterContextProvider>, url: URL) {
  const { db } = context.get(databaseContext);
  const status = statusFilter.parse(url.searchParams.get("status") ?? undefined);
  const rows = await listReturns(db, status ? { status } : {});
  return { status: status ?? "", rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}

/** GET /admin/returns/:id: the request, its order, when the buyer received it, and the steps it may take. */
export async function loadAdminReturn(context: Readonly<RouterContextProvider>, param: string | undefined) {
  const { db } = context.get(databaseContext);
  const found = await findReturn(db, requestId(param));
  if (!found) throw data("Заявка не найдена", { status: 404 });
  const receivedAt = await receivedAtOf(db, found.order.id);
  return {
    request: { ...found.request, createdAt: found.request.createdAt.toISOString(), updatedAt: found.request.updatedAt.toISOString() },
    order: found.order,
    buyerPhone: found.buyerPhone,
    receivedAt: receivedAt?.toISOString() ?? null,
    next: returnTransitions[found.request.status],
    address: returnAddress(getConfig().returns),
    // Paid on receipt or by invoice: no payment the service can refund, the money goes back by hand (decision 061).
    refundByHand: found.order.paymentId !== PAYMENT_IDS.online,
    // The law's 10 days run from the request (the buyer's demand), in Moscow days like the period.
    refundBy: returnLastDayText(found.request.createdAt, REFUND_DAYS),
  };
}

/**
 * POST /admin/returns/:id: a step through the returns module, audited, or the money back through
 * the order's own refund (its receipt «возврат прихода», its messages), which marks the request
 * refunded in the refund's transaction. Answered by a redirect with a notice.
 */
export async function handleAdminReturnStep(request: Request, context: Readonly<RouterContextProvider>, param: string | undefined) {
  const id = requestId(param);
  const back = async (notice: { kind: "success" | "error"; message: string }) =>
    redirect(`/admin/returns/${id}`, { status: 303, headers: { "Set-Cookie": await flashHeader(notice) } });
  const posted = readForm(await readFormBody(request), returnStepFormSchema);
  if (!posted.ok) return back({ kind: "error", message: posted.issues[0]!.message });
  const { db } = context.get(databaseContext);
  const actor = context.get(staffActorContext);
  const step = posted.value;
  if (step.intent === "refund" || step.intent === "refund_cash" || step.intent === "refund_transfer") {
    const found = await findReturn(db, id);
    if (!found) return back({ kind: "error", message: "Заявка не найдена." });
    if (step.intent !== "refund" && step.amount !== found.request.amount)
      return back({ kind: "error", message: "Сумма не сходится с заявкой: обновите страницу." });
    const order = await findOrderByNumber(db, found.order.number);
    // The pieces are the request's own, never the post's: the coins went back on sale when they were
    // received (if fit for sale), so the refund restocks nothing.
    const form = { version: order!.version, quantities: found.request.lines.map((line) => ({ lineId: line.orderLineId, quantity: line.quantity })) };
    const steps = returnRefundSteps(id, step.version);
    const done =
      step.intent === "refund"
        ? await refundOrderAsStaff(db, actor, found.order.number, form, undefined, steps)
        : await refundOrderByHand(
            db,
            actor,
            found.order.number,
            form,
            step.intent === "refund_cash"
              ? { method: "cash", receipt: step.receipt }
              : { method: "transfer", recipient: step.recipient, bik: step.bik, account: step.account, paymentOrder: step.paymentOrder, paidOn: step.paidOn },
            steps,
          );
    return back(done.ok ? { kind: "success", message: done.message } : { kind: "error", message: done.reason });
  }
  const done = await stepReturn(
    db,
    actor,
    id,
    step.version,
    step.intent === "receive"
      ? { intent: "receive", sellable: step.sellable === "yes" }
      : step.intent === "refuse"
        ? { intent: "refuse", refusal: step.refusal }
        : { intent: "approve" },
    getConfig().returns,
  );
  return back(done.ok ? { kind: "success", message: done.message } : { kind: "error", message: done.reason });
}
