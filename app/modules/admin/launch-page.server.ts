import { redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { flashHeader } from "../flash/flash.server.ts";
import { optionalText } from "../forms/fields.ts";
import { readForm } from "../forms/read-form.ts";
import { announceCoin } from "../launches/launch.server.ts";
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
  })
  .refine((form) => form.salesOpenAt !== null || (form.issueDate === null && form.expectedPrice === null), {
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
