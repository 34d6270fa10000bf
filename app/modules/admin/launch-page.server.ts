import { redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { flashHeader } from "../flash/flash.server.ts";
import { optionalText } from "../forms/fields.ts";
import { readForm } from "../forms/read-form.ts";
import { announceCoin } from "../launches/launch.server.ts";
import { cancelPreorderByStaff } from "../preorders/preorders.server.ts";
import { cleanCancelReason, preorderTexts, STAFF_CANCEL_REASON_MAX } from "../preorders/preorders.ts";
import { parseMoscowDateTime } from "../launches/launch.ts";
import { databaseContext } from "../request/context.ts";
import { readFormBody } from "../shared/form-body.server.ts";
import { staffActorContext } from "../staff/context.ts";

/** A whole number typed in a field, or empty for none. */
const wholeOrEmpty = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(12, `${label}: слишком длинное значение`)
    .default("")
    .refine(
      (text) => text === "" || (/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= max),
      `${label}: целое число от 1 до ${max.toLocaleString("ru-RU")}`,
    )
    .transform((text) => (text === "" ? null : Number(text)));

/** The announcement form of the back office's coin page (decision 056): every field may be left empty. */
export const launchFormSchema = z
  .object({
    salesOpenAt: z
      .string()
      .trim()
      .max(30, "Начало продаж: дата и время по Москве")
      .default("")
      .refine((text) => text === "" || parseMoscowDateTime(text) !== undefined, "Начало продаж: дата и время по Москве, например 2026-12-01 10:00")
      .transform((text) => (text === "" ? null : parseMoscowDateTime(text)!)),
    issueDate: z
      .string()
      .trim()
      .max(10, "Дата выпуска: ГГГГ-ММ-ДД")
      .default("")
      .refine((text) => text === "" || (/^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`))), "Дата выпуска: ГГГГ-ММ-ДД")
      .transform((text) => (text === "" ? null : text)),
    mintage: wholeOrEmpty("Тираж", 100_000_000),
    expectedPrice: optionalText(100)
      .default("")
      .transform((text) => (text === "" ? null : text)),
    buyerCap: wholeOrEmpty("В одни руки", 10_000),
    // A checkbox: sent as "on" when ticked, absent when not (decision 062).
    preordersAllowed: z
      .literal("on", { error: "Предзаказ: отметьте или снимите отметку" })
      .optional()
      .transform((value) => value === "on"),
  })
  .refine((form) => form.salesOpenAt !== null || (form.issueDate === null && form.expectedPrice === null && !form.preordersAllowed), {
    message: "Укажите начало продаж: без него монета не анонсирована",
    path: ["salesOpenAt"],
  });

/** POST /admin/catalog/:sku/launch: announce the coin, change or take back its announcement; back to the coin's page with what happened. */
export async function handleLaunchForm(request: Request, context: Readonly<RouterContextProvider>, sku: string | undefined) {
  const back = `/admin/catalog/${encodeURIComponent(sku ?? "")}`;
  const say = async (kind: "success" | "error", message: string) =>
    redirect(back, { status: 303, headers: { "Set-Cookie": await flashHeader({ kind, message }) } });
  if (!sku || !/^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/.test(sku)) return redirect("/admin/catalog", 303);
  const parsed = readForm(await readFormBody(request), launchFormSchema, { coerce: false });
  if (!parsed.ok) return say("error", `Анонс не сохранён: ${parsed.issues.map((issue) => issue.message).join("; ")}`);
  const { db } = context.get(databaseContext);
  const result = await announceCoin(db, context.get(staffActorContext), sku, parsed.value);
  if (!result.ok) return redirect("/admin/catalog", 303);
  if (result.changed.length === 0) return say("success", `${sku}: изменений в анонсе нет.`);
  return say("success", parsed.value.salesOpenAt ? `${sku}: анонс сохранён.` : `${sku}: анонс снят.`);
}

const notFoundPreorder = "Предзаказ не найден: обновите страницу.";

/** The «Отменить предзаказ» form under the coin's pre-orders: which one, and the reason the buyer reads. */
export const preorderCancelSchema = z.object({
  preorderId: z
    .string({ error: notFoundPreorder })
    .regex(/^[1-9]\d{0,11}$/, notFoundPreorder)
    .transform(Number),
  // Cleaned first, so control characters and doubled spaces neither count nor reach the buyer's SMS.
  reason: z
    .string({ error: preorderTexts.reasonRequired })
    .max(10 * STAFF_CANCEL_REASON_MAX, preorderTexts.reasonTooLong)
    .transform(cleanCancelReason)
    .pipe(z.string().min(3, preorderTexts.reasonRequired).max(STAFF_CANCEL_REASON_MAX, preorderTexts.reasonTooLong)),
});

/** POST /admin/catalog/:sku/preorders: staff cancel a buyer's waiting pre-order; back to the coin's page with what happened. */
export async function handlePreorderCancelForm(request: Request, context: Readonly<RouterContextProvider>, sku: string | undefined) {
  if (!sku || !/^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/.test(sku)) return redirect("/admin/catalog", 303);
  const back = `/admin/catalog/${encodeURIComponent(sku)}`;
  const say = async (kind: "success" | "error", message: string) =>
    redirect(back, { status: 303, headers: { "Set-Cookie": await flashHeader({ kind, message }) } });
  const parsed = readForm(await readFormBody(request), preorderCancelSchema, { coerce: false });
  if (!parsed.ok) return say("error", `Предзаказ не отменён: ${parsed.issues.map((issue) => issue.message).join("; ")}`);
  const { db } = context.get(databaseContext);
  const result = await cancelPreorderByStaff(db, context.get(staffActorContext), sku, parsed.value.preorderId, parsed.value.reason);
  return result.ok ? say("success", result.message) : say("error", result.reason);
}
