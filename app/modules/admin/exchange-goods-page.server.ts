import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { findNewGood, listNewGoods, publishNewGood } from "../exchange/new-goods.server.ts";
import { missingForSale } from "../exchange/new-goods.ts";
import { flashHeader } from "../flash/flash.server.ts";
import { readForm } from "../forms/read-form.ts";
import { databaseContext } from "../request/context.ts";
import { readFormBody } from "../shared/form-body.server.ts";
import { staffActorContext } from "../staff/context.ts";

const pageSchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1) });

/** GET /admin/exchange/goods: «Новые из 1С», oldest first, 50 a page, with what each lacks. */
export async function loadNewGoodsList(context: Readonly<RouterContextProvider>, url: URL) {
  const { page } = pageSchema.parse({ page: url.searchParams.get("page") ?? undefined });
  const { db } = context.get(databaseContext);
  return listNewGoods(db, page);
}

function goodId(param: string | undefined): number {
  const id = Number(param);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw data("Товар из 1С не найден", { status: 404 });
  return id;
}

/** GET /admin/exchange/goods/:id: the new good as 1C gave it, and the form that makes it a coin. */
export async function loadNewGood(context: Readonly<RouterContextProvider>, param: string | undefined) {
  const { db } = context.get(databaseContext);
  const good = await findNewGood(db, goodId(param));
  if (!good) throw data("Товар из 1С не найден: возможно, его уже опубликовали", { status: 404 });
  return { good: { ...good, missing: missingForSale(good) } };
}

const decimal = (label: string) =>
  z
    .string({ error: `Укажите: ${label}` })
    .trim()
    .min(1, `Укажите: ${label}`)
    .max(20, `${label}: слишком длинное значение`);
const required = (label: string, max: number) =>
  z
    .string({ error: `Укажите: ${label}` })
    .trim()
    .min(1, `Укажите: ${label}`)
    .max(max, `${label}: не длиннее ${max} символов`);

/** The publishing form: what a coin needs before it is sold (metal, fineness, weights, price), in Russian. */
export const publishFormSchema = z
  .object({
    intent: z.literal("publish", { error: "Неизвестное действие" }),
    sku: required("артикул", 40),
    name: required("название", 300),
    metal: z.enum(["gold", "silver"], { error: "Выберите металл" }),
    kind: z.enum(["investment", "commemorative"], { error: "Выберите вид монеты" }),
    fineness: decimal("проба"),
    totalGrams: decimal("общий вес"),
    pureGrams: decimal("чистый вес"),
    denomination: required("номинал", 100),
    country: required("страна", 100),
    issuer: required("эмитент", 200),
    pricing: z.enum(["metal", "fixed"], { error: "Выберите, как считается цена" }),
    premiumPercent: z.string().trim().max(20).default(""),
    fixedPrice: z.string().trim().max(20).default(""),
    description: z.string().max(10_000, "Описание: не длиннее 10 000 символов").default(""),
  })
  .refine((form) => form.pricing !== "metal" || form.premiumPercent !== "", { message: "Укажите наценку к цене металла, %", path: ["premiumPercent"] });

export type PublishActionData = { message: string; errors: string[]; values: Record<string, unknown> };

/** POST /admin/exchange/goods/:id: publish the good as a coin; a refusal comes back on the page (422) with what was typed. */
export async function handlePublishNewGood(request: Request, context: Readonly<RouterContextProvider>, param: string | undefined) {
  const id = goodId(param);
  const parsed = readForm(await readFormBody(request), publishFormSchema, { coerce: false });
  if (!parsed.ok)
    return data<PublishActionData>(
      { message: "Монета не опубликована: исправьте поля", errors: parsed.issues.map((issue) => issue.message), values: parsed.payload },
      422,
    );
  const { db } = context.get(databaseContext);
  const { intent: _intent, ...coin } = parsed.value;
  const published = await publishNewGood(db, context.get(staffActorContext), id, coin);
  if (!published.ok) return data<PublishActionData>({ message: published.reason, errors: published.errors, values: parsed.payload }, 422);
  return redirect(`/admin/catalog/${encodeURIComponent(published.sku)}`, {
    status: 303,
    headers: { "Set-Cookie": await flashHeader({ kind: "success", message: `Монета ${published.sku} опубликована и продаётся на сайте.` }) },
  });
}
