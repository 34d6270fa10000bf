import { isDeepStrictEqual } from "node:util";
import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { orderDeliveryRecord } from "../checkout/checkout.server.ts";
import { contactSchema } from "../checkout/draft-form.server.ts";
import { getConfig } from "../config/config.server.ts";
import { flashHeader } from "../flash/flash.server.ts";
import { readForm } from "../forms/read-form.ts";
import { editOrder, editRefusal, type OrderEditInput, planOrderEdit } from "../orders/edit-order.server.ts";
import { findOrderByNumber, type OperatorOrder } from "../orders/operator.server.ts";
import { getPaymentProvider } from "../payments/configured-provider.server.ts";
import { mayPayBy, PAYMENT_IDS } from "../payments/methods.ts";
import { databaseContext } from "../request/context.ts";
import { readFormBody } from "../shared/form-body.server.ts";
import { staffActorContext } from "../staff/context.ts";
import { formatMoney } from "../shared/format.ts";
import { emptyStaffOrderDraft, STAFF_ORDER_LIMITS } from "./staff-order-draft.ts";
import { editHref, type OrderEditState, readOrderEditState } from "./order-edit-state.ts";
import { coinsForStaffOrder, deliveryQuote, staffOrderTexts } from "./staff-order.server.ts";

/** /admin/orders/:number/edit: the page's reads and its two steps (preview, save); the state is order-edit-state.ts. */

function stateOfOrder(order: OperatorOrder): OrderEditState {
  const lines = order.lines.map((line) => [line.productId, line.quantity] as [number, number]);
  return {
    version: order.version,
    shown: { lines, total: order.total, status: order.status },
    lines,
    delivery: null,
    point: null,
    address: { street: "", house: "", room: "" },
    contact: order.contact,
  };
}

/** The edit as placeOrder's neighbour takes it: the delivery looked up as checkout offers it now, the recipient as typed. */
async function editInput(context: Readonly<RouterContextProvider>, order: OperatorOrder, state: OrderEditState) {
  const { db } = context.get(databaseContext);
  const draft = {
    ...emptyStaffOrderDraft("staff-edit"),
    lines: state.lines,
    city: order.city.code,
    delivery: state.delivery,
    point: state.point,
    ...state.address,
  };
  const quote = await deliveryQuote(db, draft);
  let delivery: OrderEditInput["delivery"] = null;
  const problems: string[] = [];
  if (state.delivery !== null) {
    if (!quote.chosen || !quote.state || !quote.city) problems.push(staffOrderTexts.unknownDelivery);
    else if (quote.points && !quote.points.selected) problems.push(staffOrderTexts.choosePoint);
    else if (quote.state.courier && (!state.address.street.trim() || !state.address.house.trim())) problems.push(staffOrderTexts.needAddress);
    // An invoice keeps the company's details the order has; another way must still be offered for the new total.
    else if (
      order.paymentId !== PAYMENT_IDS.invoice &&
      !mayPayBy(order.paymentId, { ...quote.state, total: quote.totals.total }, getConfig().invoices.cardPaymentMaxRub)
    )
      problems.push(staffOrderTexts.badPayment);
    else
      delivery = {
        record: orderDeliveryRecord(quote.chosen, quote.state, quote.points?.selected ?? undefined, { ...state.address, entrance: "", floor: "", message: "" }),
        price: quote.chosen.price,
        city: { code: quote.city.code, name: quote.city.name },
      };
  }
  const contact = contactSchema.safeParse(state.contact);
  if (!contact.success) problems.push(`Получатель: ${contact.error.issues.map((issue) => issue.message).join(". ")}`);
  const input: OrderEditInput = {
    lines: state.lines.map(([productId, quantity]) => ({ productId, quantity })),
    delivery,
    // The recipient as the order has it is no change (the form always posts it).
    contact: contact.success && !isDeepStrictEqual(contact.data, order.contact) ? contact.data : null,
  };
  return { input, problems, quote };
}

export async function loadOrderEditPage(context: Readonly<RouterContextProvider>, number: string, url: URL) {
  const { db } = context.get(databaseContext);
  const order = await findOrderByNumber(db, number);
  if (!order) throw data("Заказ не найден", { status: 404 });
  const refusal = editRefusal(order);
  const state = readOrderEditState(url.searchParams);
  if (!state && !refusal) throw redirect(editHref(order.number, stateOfOrder(order)));
  const current = state ?? stateOfOrder(order);
  const coinQuery = (url.searchParams.get("coin") ?? "").slice(0, 80);
  const { input, problems, quote } = await editInput(context, order, current);
  const preview = url.searchParams.get("step") === "preview" && !refusal && problems.length === 0;
  const plan = preview ? await planOrderEdit(db, order, order.lines, input, { rates: quote.rates }) : null;
  const held = new Map(order.lines.map((line) => [line.productId, line]));
  const names = new Map(quote.summary.lines.map((line) => [line.product.id, line.product.name] as const));
  return {
    order: {
      number: order.number,
      status: order.status,
      total: order.total,
      deliveryTotal: order.deliveryTotal,
      paymentId: order.paymentId,
      delivery: order.delivery,
      city: order.city,
    },
    refusal,
    state: current,
    stale: !!state && state.version !== order.version,
    lines: current.lines.map(([productId, quantity]) => ({
      productId,
      quantity,
      name: held.get(productId)?.name ?? names.get(productId) ?? `Монета №${productId}`,
      kept: held.has(productId),
    })),
    coinQuery,
    coins: coinQuery ? await coinsForStaffOrder(db, coinQuery) : [],
    groups: quote.groups,
    chosen: quote.chosen,
    points: quote.points,
    problems,
    plan,
    paysOnline: order.paymentId === PAYMENT_IDS.online,
  };
}

export type OrderEditPage = Awaited<ReturnType<typeof loadOrderEditPage>>;

/** The edit form's fields: quantities as "qty:<productId>", the rest by name. */
const previewSchema = z.object({
  intent: z.literal("preview"),
  deliveryId: z.string().optional(),
  pointCode: z.string().max(40).optional(),
  street: z.string().max(STAFF_ORDER_LIMITS.street).optional(),
  house: z.string().max(STAFF_ORDER_LIMITS.house).optional(),
  room: z.string().max(STAFF_ORDER_LIMITS.room).optional(),
  lastName: z.string().max(60).optional(),
  name: z.string().max(60).optional(),
  secondName: z.string().max(60).optional(),
  phone: z.string().max(40).optional(),
  email: z.string().max(254).optional(),
});
const saveSchema = z.object({ intent: z.literal("save"), seenTotal: z.coerce.number({ error: "Обновите страницу" }).int() });
const editFormSchema = z.discriminatedUnion("intent", [previewSchema, saveSchema], { error: "Неизвестное действие" });

const go = async (href: string, notice?: { kind: "success" | "error"; message: string }) =>
  redirect(href, { status: 303, headers: notice ? { "Set-Cookie": await flashHeader(notice) } : undefined });

export async function handleOrderEditPost(request: Request, context: Readonly<RouterContextProvider>, number: string) {
  const { db } = context.get(databaseContext);
  const order = await findOrderByNumber(db, number);
  if (!order) throw data("Заказ не найден", { status: 404 });
  const url = new URL(request.url);
  const state = readOrderEditState(url.searchParams) ?? stateOfOrder(order);
  const form = await readFormBody(request);
  const posted = readForm(form, editFormSchema, { coerce: false });
  if (!posted.ok) return go(editHref(order.number, state), { kind: "error", message: posted.reason });
  const input = posted.value;
  if (input.intent === "preview") {
    // Quantities typed into the lines and into the coins found ("qty:<id>"); 0 or empty leaves a coin out.
    const quantities = new Map(state.lines);
    for (const [name, value] of form) {
      const id = /^qty:(\d{1,9})$/.exec(name)?.[1];
      if (!id || typeof value !== "string") continue;
      const text = value.trim();
      if (text === "" && !quantities.has(Number(id))) continue;
      if (!/^\d{1,9}$/.test(text || "0"))
        return go(editHref(order.number, state), { kind: "error", message: "Количество: введите целое число (0 — убрать монету)" });
      quantities.set(Number(id), Number(text || "0"));
    }
    const deliveryId = input.deliveryId && /^\d{1,9}$/.test(input.deliveryId) ? Number(input.deliveryId) : null;
    const next: OrderEditState = {
      ...state,
      lines: [...quantities].filter(([, quantity]) => quantity > 0).slice(0, STAFF_ORDER_LIMITS.lines),
      delivery: deliveryId,
      point: deliveryId === null ? null : input.pointCode?.trim() || null,
      address: { street: input.street?.trim() ?? "", house: input.house?.trim() ?? "", room: input.room?.trim() ?? "" },
      contact: {
        lastName: input.lastName?.trim() ?? "",
        name: input.name?.trim() ?? "",
        secondName: input.secondName?.trim() ?? "",
        phone: input.phone?.trim() ?? "",
        email: input.email?.trim() ?? "",
      },
    };
    const { problems, input: edit, quote } = await editInput(context, order, next);
    if (problems.length > 0) return go(editHref(order.number, next, {}, "edit"), { kind: "error", message: problems.join(". ") });
    const plan = await planOrderEdit(db, order, order.lines, edit, { rates: quote.rates });
    if (!plan.ok) return go(editHref(order.number, next, {}, "edit"), { kind: "error", message: plan.reason });
    return go(editHref(order.number, next, { step: "preview" }, "preview"));
  }
  const { input: edit, problems, quote } = await editInput(context, order, state);
  if (problems.length > 0) return go(editHref(order.number, state, {}, "edit"), { kind: "error", message: problems.join(". ") });
  const saved = await editOrder(db, context.get(staffActorContext), order.number, edit, {
    version: state.version,
    shown: state.shown,
    seenTotal: input.seenTotal,
    rates: quote.rates,
    provider: getPaymentProvider(db),
  });
  switch (saved.kind) {
    case "saved":
      return go(`/admin/orders/${encodeURIComponent(saved.number)}`, {
        kind: "success",
        message: `Заказ №${saved.number} изменён: итого было ${formatMoney(saved.was)}, стало ${formatMoney(saved.total)}. Покупателю отправлены SMS и письмо${
          saved.voided > 0 ? "; прежняя ссылка на оплату отменена, в сообщениях новая" : ""
        }.`,
      });
    case "conflict": {
      // The page starts again from the order as it is now; the message says what changed under it.
      const now = await findOrderByNumber(db, number);
      return go(now ? editHref(now.number, stateOfOrder(now), {}, "edit") : `/admin/orders/${encodeURIComponent(order.number)}`, {
        kind: "error",
        message: saved.reason,
      });
    }
    case "prices-changed":
      return go(editHref(order.number, state, { step: "preview" }, "preview"), { kind: "error", message: saved.reason });
    case "refused":
      return go(editHref(order.number, state, {}, "edit"), { kind: "error", message: saved.reason });
  }
}
