import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { getConfig } from "../config/config.server.ts";
import { flashHeader } from "../flash/flash.server.ts";
import { moneyBackOf, returnOffer, returnsOfOrder, requestReturn } from "../returns/requests.server.ts";
import { returnFormSchema } from "../returns/return-form.ts";
import { readFormBody } from "../shared/form-body.server.ts";
import { returnTermsParagraphs } from "../shop/return-terms.ts";
import { requireOwnOrder } from "./order-page.server.ts";

/**
 * /my/orders/:id/return: the buyer's «Оформить возврат» (ЗоЗПП ст. 26.1, decision 057) — the
 * terms, the pieces that may go back, and the order's requests with their answers.
 */
export async function loadReturnPage(url: URL, context: Readonly<RouterContextProvider>, rawId: string | undefined) {
  const { db, order } = await requireOwnOrder(url, context, rawId);
  const settings = getConfig().returns;
  const [offer, requests] = await Promise.all([returnOffer(db, order, settings), returnsOfOrder(db, order.id)]);
  const moneyBack = await moneyBackOf(db, requests);
  return {
    order: { id: order.id, number: order.number },
    terms: returnTermsParagraphs(settings),
    offer:
      offer.kind === "available"
        ? { kind: offer.kind, lastDay: offer.lastDay, address: offer.address, lines: offer.lines.filter((line) => line.left > 0) }
        : offer.kind === "expired"
          ? { kind: offer.kind, lastDay: offer.lastDay }
          : { kind: offer.kind },
    requests: requests.map((request) => ({
      id: request.id,
      status: request.status,
      lines: request.lines.map((line) => ({ name: line.name, quantity: line.quantity })),
      amount: request.amount,
      handover: request.handover,
      refusal: request.refusal,
      createdAt: request.createdAt.toISOString(),
      moneyBack: moneyBack.has(request.id) ? { at: moneyBack.get(request.id)!.at.toISOString(), how: moneyBack.get(request.id)!.how } : null,
    })),
  };
}

/** The form's post: the request made (redirect with a notice), or the form again with its messages (400). */
export async function handleReturnPost(request: Request, url: URL, context: Readonly<RouterContextProvider>, rawId: string | undefined) {
  const { db, order, user } = await requireOwnOrder(url, context, rawId);
  const submission = parseWithZod(await readFormBody(request), { schema: returnFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const made = await requestReturn(db, { userId: user.id, orderId: order.id }, submission.value, getConfig().returns);
  if (!made.ok) return data(submission.reply({ formErrors: [made.reason] }), { status: 400 });
  const notice = { kind: "success" as const, message: `Заявка на возврат №${made.id} отправлена. Мы ответим в течение рабочего дня.` };
  return redirect(`/my/orders/${order.id}/return`, { status: 303, headers: { "Set-Cookie": await flashHeader(notice) } });
}
