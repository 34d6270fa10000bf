import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { safeReturnPath } from "../auth/login-href.ts";
import { accountUser } from "../auth/require-user.server.ts";
import { flashHeader, type Flash } from "../flash/flash.server.ts";
import { readForm } from "../forms/read-form.ts";
import { databaseContext } from "../request/context.ts";
import { readFormBody } from "../shared/form-body.server.ts";
import { cancelPreorder, placePreorder, preordersOfBuyer } from "../preorders/preorders.server.ts";
import { preorderTexts } from "../preorders/preorders.ts";
import { identificationSchema } from "../compliance/identification.ts";
import { moscowToday } from "../content/dates.ts";
import { products } from "../db/schema.ts";
import { getQuotesService } from "../quotes/quotes.server.ts";
import { identificationStepView } from "./checkout-identification.server.ts";
import { getConfig } from "../config/config.server.ts";
import { formatMoney } from "../shared/format.ts";

const idField = (message: string) =>
  z
    .string({ error: message })
    .regex(/^[1-9]\d{0,11}$/, message)
    .transform(Number);

/** The coin page's «Оформить предзаказ» and /my/preorders' «Отменить предзаказ» (decision 062). */
const placeFields = {
  productId: idField("Монета не найдена."),
  quantity: z
    .string({ error: "Укажите количество" })
    .trim()
    .regex(/^\d{1,6}$/, "Количество: целое число")
    .transform(Number),
  redirectTo: z.string().max(500).default("/my/preorders"),
};

const preorderFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("preorder"), ...placeFields }),
    z.object({ intent: z.literal("cancel"), preorderId: idField("Предзаказ не найден."), redirectTo: z.string().max(500).default("/my/preorders") }),
  ],
  { error: "Неизвестное действие" },
);

/** POST /my/preorders: back to where the form was (the coin's page at its block, or /my/preorders) with what happened. */
export async function handlePreorderForm(request: Request, context: Readonly<RouterContextProvider>) {
  const user = accountUser(context);
  const { db } = context.get(databaseContext);
  const parsed = readForm(await readFormBody(request), preorderFormSchema, { coerce: false });
  const back = async (to: string, flash: Flash) => redirect(`${to}#preorder`, { status: 303, headers: { "Set-Cookie": await flashHeader(flash) } });
  if (!parsed.ok)
    return back(safeReturnPath(String(parsed.payload.redirectTo ?? "/my/preorders")), {
      kind: "error",
      message: parsed.issues[0]?.message ?? "Предзаказ не оформлен.",
    });
  const to = safeReturnPath(parsed.value.redirectTo);
  if (parsed.value.intent === "cancel") {
    const result = await cancelPreorder(db, user.id, parsed.value.preorderId);
    return back(to, result.ok ? { kind: "success", message: result.message } : { kind: "error", message: result.reason });
  }
  const { productId, quantity } = parsed.value;
  const rates = (await getQuotesService()).rates();
  const result = await placePreorder(db, { id: user.id, phone: user.phone }, productId, quantity, new Date(), { rates });
  // A large one: its identification step first (nothing is saved until the buyer gives it).
  if (!result.ok && "identify" in result) return redirect(identificationStepHref(productId, quantity, to), 303);
  return back(to, result.ok ? { kind: "success", message: result.message } : { kind: "error", message: result.reason });
}

const identificationStepHref = (productId: number, quantity: number, back: string) =>
  `/my/preorders/identification?${new URLSearchParams({ productId: String(productId), quantity: String(quantity), redirectTo: back })}`;

const stepQuerySchema = z.object(placeFields);

/** The pre-order's identification step: the coin and pieces asked, and the checkout's form with the buyer's last data offered. */
export async function loadPreorderIdentification(url: URL, context: Readonly<RouterContextProvider>) {
  const user = accountUser(context);
  const { db } = context.get(databaseContext);
  const query = stepQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  const [coin] = query.success
    ? await db.select({ id: products.id, name: products.name }).from(products).where(eq(products.id, query.data.productId)).limit(1)
    : [];
  if (!query.success || !coin)
    throw redirect("/my/preorders", { status: 303, headers: { "Set-Cookie": await flashHeader({ kind: "error", message: preorderTexts.notAllowed }) } });
  return {
    ...(await identificationStepView(db, user)),
    // A pre-order's order is paid online: only that threshold applies.
    thresholdText: `от ${formatMoney(getConfig().compliance.identificationThresholds.nonCash)}`,
    coin,
    quantity: query.data.quantity,
    redirectTo: safeReturnPath(query.data.redirectTo),
  };
}

/**
 * The step's POST: the identification (the checkout's rules and messages) and the pre-order are
 * saved together or not at all; bad data come back with their messages, a refusal (cap, opened)
 * goes back to the coin's page as the plain form's does.
 */
export async function submitPreorderIdentification(
  request: Request,
  context: Readonly<RouterContextProvider>,
  origin: { ip: string; userAgent: string | null },
) {
  const user = accountUser(context);
  const { db } = context.get(databaseContext);
  const form = await readFormBody(request);
  const submission = parseWithZod(form, { schema: identificationSchema(moscowToday()) });
  const place = readForm(form, stepQuerySchema, { coerce: false });
  if (!place.ok) return data(submission.reply({ formErrors: [place.issues[0]?.message ?? preorderTexts.notAllowed] }), { status: 400 });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const to = safeReturnPath(place.value.redirectTo);
  const rates = (await getQuotesService()).rates();
  const result = await placePreorder(db, { id: user.id, phone: user.phone }, place.value.productId, place.value.quantity, new Date(), {
    rates,
    identification: { data: submission.value, origin },
  });
  const flash: Flash = result.ok
    ? { kind: "success", message: result.message }
    : { kind: "error", message: "reason" in result ? result.reason : preorderTexts.notAllowed };
  return redirect(`${to}#preorder`, { status: 303, headers: { "Set-Cookie": await flashHeader(flash) } });
}

/** /my/preorders: the buyer's pre-orders, their places and the orders served ones became. */
export async function loadBuyerPreorders(context: Readonly<RouterContextProvider>) {
  const user = accountUser(context);
  const { db } = context.get(databaseContext);
  return { preorders: await preordersOfBuyer(db, user.id) };
}
