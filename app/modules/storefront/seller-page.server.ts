import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { accountUser } from "../auth/require-user.server.ts";
import { flashHeader } from "../flash/flash.server.ts";
import { readForm } from "../forms/read-form.ts";
import { databaseContext } from "../request/context.ts";
import { readFormBody } from "../shared/form-body.server.ts";
import { formatMoney } from "../shared/format.ts";
import { capitalise } from "../shared/sentences.ts";
import { answerBuybackRequest, listSellerRequests, priceNow, requoteBuybackRequest } from "../buyback/requests.server.ts";
import { buybackQuoteNumber, quotedStatuses } from "../buyback/statuses.ts";
import { currentQuoteTerms } from "../buyback/terms.server.ts";

/**
 * /my/buyback: the signed-in seller's requests (those sent with the phone they signed in
 * with, which the SMS code proved is theirs), each with its steps, its price held or run out,
 * and what the seller may do: ask for a new quote, agree to the staff's offer or decline it.
 */
export async function loadSellerBuyback(context: Readonly<RouterContextProvider>) {
  const user = accountUser(context);
  const { db } = context.get(databaseContext);
  const terms = await currentQuoteTerms();
  const now = new Date();
  const requests = await listSellerRequests(db, user.phone);
  return {
    requests: await Promise.all(
      requests.map(async ({ request, events }) => {
        const open = quotedStatuses.includes(request.status) && request.offerId !== null && request.unitPrice !== null;
        const current = open ? await priceNow(db, request, terms, now) : null;
        return {
          id: request.id,
          version: request.version,
          quoteNumber: buybackQuoteNumber(request.id),
          createdAt: request.createdAt.toISOString(),
          status: request.status,
          coin: request.coinName ? `${request.coinName} × ${request.quantity}` : request.items,
          grade: request.grade,
          quantity: request.quantity,
          /** The held quote (all pieces) and until when; after that, the price now and the button to hold it. */
          quoted: request.unitPrice === null ? null : request.unitPrice * request.quantity,
          lockedUntil: request.lockedUntil?.toISOString() ?? null,
          locked: !!request.lockedUntil && request.lockedUntil > now,
          priceNow: current && !current.locked ? current.total : null,
          mayRequote: open && !!request.lockedUntil && request.lockedUntil <= now,
          offeredPrice: request.status === "offered" ? request.offeredPrice : null,
          agreedPrice: request.agreedPrice,
          /** Stored to follow "по заявке …: " in the SMS; on the page it stands alone. */
          answer: capitalise(request.answer),
          events: events.map((event) => ({ id: event.id, status: event.status, note: event.note, createdAt: event.createdAt.toISOString() })),
        };
      }),
    ),
  };
}

const sellerFormSchema = z.object({
  intent: z.enum(["requote", "agree", "decline"], { error: "Неизвестное действие" }),
  id: z.coerce.number({ error: "Заявка не найдена" }).int().min(1).max(2_147_483_647),
  version: z.coerce.number().int().optional(),
});

/** POST /my/buyback: a new quote, or the seller's answer to an offer; then back to the page with a notice. */
export async function handleSellerBuyback(request: Request, context: Readonly<RouterContextProvider>) {
  const user = accountUser(context);
  const parsed = readForm(await readFormBody(request), sellerFormSchema, { coerce: false });
  if (!parsed.ok) throw data(parsed.issues[0]!.message, { status: 400 });
  const { intent, id, version } = parsed.value;
  const { db } = context.get(databaseContext);
  const terms = await currentQuoteTerms();
  let notice: { kind: "success" | "error"; message: string };
  if (intent === "requote") {
    const result = await requoteBuybackRequest(db, { id, phone: user.phone, version }, terms);
    notice = result.ok
      ? {
          kind: "success",
          message: `Цена по заявке ${buybackQuoteNumber(id)} пересчитана: ${formatMoney((result.request.unitPrice ?? 0) * result.request.quantity)}.`,
        }
      : { kind: "error", message: result.reason };
  } else {
    const [found] = (await listSellerRequests(db, user.phone)).filter((row) => row.request.id === id);
    const answer =
      intent === "agree"
        ? { kind: "accept" as const, expectedTotal: found?.request.offeredPrice ?? 0 }
        : { kind: "reject" as const, reason: "Продавец отказался от предложенной цены" };
    const result = await answerBuybackRequest(db, { sellerPhone: user.phone }, id, version, answer, terms);
    notice = result.ok
      ? {
          kind: "success",
          message:
            intent === "agree"
              ? `Вы согласились на ${formatMoney(result.price ?? 0)}. Ждём вас в офисе с монетами и паспортом.`
              : "Вы отказались от предложенной цены; заявка закрыта.",
        }
      : { kind: "error", message: result.reason };
  }
  return redirect("/my/buyback", { status: 303, headers: { "Set-Cookie": await flashHeader(notice) } });
}
