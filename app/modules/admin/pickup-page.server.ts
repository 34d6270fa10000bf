import { redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { flashHeader } from "../flash/flash.server.ts";
import { optionalText } from "../forms/fields.ts";
import { readForm } from "../forms/read-form.ts";
import { moscowWallClock } from "../delivery/pickup-slot-text.ts";
import { addHoliday, daySchedule, listHolidays, moveBooking, removeHoliday } from "../pickup/pickup.server.ts";
import { addCalendarDays, parseSlotKey } from "../pickup/slots.ts";
import { databaseContext } from "../request/context.ts";
import { readFormBody } from "../shared/form-body.server.ts";
import { staffActorContext } from "../staff/context.ts";

/** A calendar day as the forms and the address carry it. */
const dayField = (message: string) =>
  z
    .string()
    .trim()
    .max(10, message)
    .refine((text) => parseSlotKey(`${text}T00:00`) !== null, message);

/** The back office's pickup page posts three forms, told apart by the button pressed. */
export const pickupFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("move"),
    orderId: z.coerce.number({ error: "Нет такой записи" }).int().positive().max(2_147_483_647),
    slot: z
      .string()
      .max(16)
      .refine((key) => parseSlotKey(key) !== null, "Выберите новое время"),
    day: dayField("День: ГГГГ-ММ-ДД"),
  }),
  z.object({ intent: z.literal("add-holiday"), holiday: dayField("Праздник: дата в виде ГГГГ-ММ-ДД"), note: optionalText(100).default("") }),
  z.object({ intent: z.literal("remove-holiday"), holiday: dayField("Праздник: дата в виде ГГГГ-ММ-ДД") }),
]);

/** The day the page shows: ?day=YYYY-MM-DD, else today in Moscow. */
export function scheduleDay(url: URL, now = new Date()): string {
  const asked = url.searchParams.get("day") ?? "";
  return /^\d{4}-\d{2}-\d{2}$/.test(asked) && parseSlotKey(`${asked}T00:00`) ? asked : moscowWallClock(now).day;
}

/** GET /admin/pickup: a day's schedule, the orders not collected, the holidays. */
export async function loadPickupPage(context: Readonly<RouterContextProvider>, url: URL) {
  const { db } = context.get(databaseContext);
  const day = scheduleDay(url);
  const [schedule, holidays] = await Promise.all([daySchedule(db, day), listHolidays(db, moscowWallClock(new Date()).day)]);
  return { schedule, holidays, previousDay: addCalendarDays(day, -1), nextDay: addCalendarDays(day, 1) };
}

/** POST /admin/pickup: move a booking, add or remove a holiday; back to the day with what happened. */
export async function handlePickupForm(request: Request, context: Readonly<RouterContextProvider>) {
  const url = new URL(request.url);
  const parsed = readForm(await readFormBody(request), pickupFormSchema, { coerce: false });
  const day = parsed.ok && parsed.value.intent === "move" ? parsed.value.day : scheduleDay(url);
  const say = async (kind: "success" | "error", message: string) =>
    redirect(`/admin/pickup?day=${day}`, { status: 303, headers: { "Set-Cookie": await flashHeader({ kind, message }) } });
  if (!parsed.ok) return say("error", parsed.issues.map((issue) => issue.message).join("; ") || "Не удалось прочитать форму");
  const { db } = context.get(databaseContext);
  const actor = context.get(staffActorContext);
  const form = parsed.value;
  switch (form.intent) {
    case "move": {
      const moved = await moveBooking(db, actor, form.orderId, form.slot);
      if (!moved.ok) return say("error", moved.reason);
      return say("success", moved.from ? `Запись перенесена: было ${moved.from}, стало ${moved.to}.` : `Заказ записан: ${moved.to}.`);
    }
    case "add-holiday":
      return (await addHoliday(db, actor, form.holiday, form.note))
        ? say("success", `${form.holiday} — выходной: на этот день не записываем.`)
        : say("error", `${form.holiday} уже в списке праздников.`);
    case "remove-holiday":
      return (await removeHoliday(db, actor, form.holiday))
        ? say("success", `${form.holiday} убран из праздников.`)
        : say("error", `${form.holiday} не было в списке праздников.`);
  }
}
