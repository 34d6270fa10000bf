import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { gradePercentsSchema, readGradePercents, setGradePercents } from "../buyback/grades.server.ts";
import { answerBuybackRequest, findBuybackRequest, priceNow, searchBuybackRequests, type StaffAnswer } from "../buyback/requests.server.ts";
import { buybackQuoteNumber, buybackStatusLabels, buybackTransitions } from "../buyback/statuses.ts";
import { currentQuoteTerms } from "../buyback/terms.server.ts";
import { flashHeader } from "../flash/flash.server.ts";
import { databaseContext } from "../request/context.ts";
import { readForm } from "../forms/read-form.ts";
import { readFormBody } from "../shared/form-body.server.ts";
import { formatMoney } from "../shared/format.ts";
import { listAudit } from "../audit/audit.server.ts";
import { parseBuybackFilters } from "./buyback-filters.ts";
import { staffActorContext } from "../staff/context.ts";

/** A request's sum as the lists show it: agreed, else offered, else quoted. */
export function buybackRowTotal(row: { agreedPrice: number | null; offeredPrice: number | null; unitPrice: number | null; quantity: number }): number | null {
  return row.agreedPrice ?? row.offeredPrice ?? (row.unitPrice === null ? null : row.unitPrice * row.quantity);
}

/** GET /admin/buyback: the queue and the grades' percentages. */
export async function loadBuybackQueue(context: Readonly<RouterContextProvider>, url: URL) {
  const { db } = context.get(databaseContext);
  const { filters, errors } = parseBuybackFilters(url.searchParams);
  const result = await searchBuybackRequests(db, filters);
  return {
    filters,
    errors,
    grades: await readGradePercents(db),
    result: { ...result, rows: result.rows.map((row) => ({ ...row, quoteNumber: buybackQuoteNumber(row.id), total: buybackRowTotal(row) })) },
  };
}

/** POST /admin/buyback: the grades' percentages (the only form of the list page). */
export async function handleGradesForm(request: Request, context: Readonly<RouterContextProvider>) {
  const parsed = readForm(await readFormBody(request), gradePercentsSchema, { coerce: false });
  const notice = parsed.ok
    ? { kind: "success" as const, message: "Проценты за состояние сохранены; новые заявки считаются по ним." }
    : { kind: "error" as const, message: parsed.issues.map((issue) => `${gradeLabel(issue.name)}: ${issue.message}`).join(". ") };
  if (parsed.ok) await setGradePercents(context.get(databaseContext).db, context.get(staffActorContext), parsed.value);
  return redirect("/admin/buyback", { status: 303, headers: { "Set-Cookie": await flashHeader(notice) } });
}

const gradeNames: Record<string, string> = { excellent: "Отличное", good: "Хорошее", defects: "С дефектами" };
const gradeLabel = (key: string) => gradeNames[key] ?? key;

/** A request id from the address (buy-back or return): a positive int4, else 404 «Заявка не найдена». */
export function requestId(param: string | undefined): number {
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw data("Заявка не найдена", { status: 404 });
  return id;
}

/** GET /admin/buyback/:id: the request, its quoted and current prices side by side, its steps and who answered. */
export async function loadBuybackRequest(context: Readonly<RouterContextProvider>, param: string | undefined) {
  const { db } = context.get(databaseContext);
  const found = await findBuybackRequest(db, requestId(param));
  if (!found) throw data("Заявка не найдена", { status: 404 });
  const now = new Date();
  const terms = await currentQuoteTerms();
  const current = await priceNow(db, found.request, terms, now);
  const quoteNumber = buybackQuoteNumber(found.request.id);
  const { ip: _ip, visitorId: _visitor, ...request } = found.request;
  return {
    request: { ...request, quoteNumber },
    events: found.events,
    /** The price 'accept' would agree to now: the offer the seller agreed to, the held quote, or a new one. */
    acceptTotal: found.request.status === "offered" ? found.request.offeredPrice : (current?.total ?? null),
    current,
    next: buybackTransitions[found.request.status],
    audit: await listAudit(db, { entity: `buyback:${quoteNumber}`, limit: 50 }),
  };
}

const roubles = z.coerce
  .number({ error: "Цена — целое число рублей" })
  .int("Цена — целое число рублей")
  .min(1, "Цена — от 1 ₽")
  .max(100_000_000, "Цена — не больше 100 000 000 ₽");

/** The answer forms: one schema, Russian messages. */
export const buybackAnswerSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("contacted"),
      version: z.coerce.number().int(),
      note: z.string().trim().max(300, "Заметка: не больше 300 символов").optional(),
    }),
    z.object({ intent: z.literal("accept"), version: z.coerce.number().int(), expectedTotal: roubles }),
    z.object({
      intent: z.literal("offer"),
      version: z.coerce.number().int(),
      price: z.preprocess((value) => (typeof value === "string" ? value.replace(/[\s\u00a0₽]/g, "") : value), roubles),
      note: z.string().trim().max(300, "Пояснение: не больше 300 символов").optional(),
    }),
    z.object({
      intent: z.literal("reject"),
      version: z.coerce.number().int(),
      reason: z.string({ error: "Укажите причину отказа" }).trim().min(3, "Укажите причину отказа").max(300, "Причина: не больше 300 символов"),
    }),
    z.object({ intent: z.literal("complete"), version: z.coerce.number().int() }),
  ],
  { error: "Неизвестное действие" },
);

export function toAnswer(value: z.infer<typeof buybackAnswerSchema>): StaffAnswer {
  switch (value.intent) {
    case "contacted":
      return { kind: "contacted", ...(value.note ? { note: value.note } : {}) };
    case "accept":
      return { kind: "accept", expectedTotal: value.expectedTotal };
    case "offer":
      return { kind: "offer", price: value.price, ...(value.note ? { note: value.note } : {}) };
    case "reject":
      return { kind: "reject", reason: value.reason };
    case "complete":
      return { kind: "complete" };
  }
}

/** POST /admin/buyback/:id: an answer through the one module, audited; answered by a redirect with a notice. */
export async function handleBuybackAnswer(request: Request, context: Readonly<RouterContextProvider>, param: string | undefined) {
  const id = requestId(param);
  const parsed = readForm(await readFormBody(request), buybackAnswerSchema);
  let notice: { kind: "success" | "error"; message: string };
  if (!parsed.ok) {
    notice = { kind: "error", message: parsed.reason };
  } else {
    const result = await answerBuybackRequest(
      context.get(databaseContext).db,
      { staff: context.get(staffActorContext) },
      id,
      parsed.value.version,
      toAnswer(parsed.value),
      await currentQuoteTerms(),
    );
    notice = result.ok
      ? {
          kind: "success",
          message: `Заявка ${buybackQuoteNumber(id)}: ${buybackStatusLabels[result.from]} → ${buybackStatusLabels[result.to]}${result.price !== null && result.to !== "completed" ? `, ${formatMoney(result.price)}` : ""}.`,
        }
      : { kind: "error", message: result.reason };
  }
  return redirect(`/admin/buyback/${id}`, { status: 303, headers: { "Set-Cookie": await flashHeader(notice) } });
}
