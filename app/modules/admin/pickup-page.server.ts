import { redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { getConfig } from "../config/config.server.ts";
import { clockOf, type DayHours, officeHoursText, parseClock, WEEKDAY_NAMES } from "../config/office-hours.ts";
import { flashHeader } from "../flash/flash.server.ts";
import { readOfficeHoursNow, saveOfficeHours } from "../pickup/office-hours.server.ts";
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

const clockField = z.string().trim().max(5).optional();

/**
 * The office hours form: «с» and «до» per weekday (`opens-1`…`closes-7`, Monday first, HH:MM);
 * both empty is a day off. The slot step is checked when saved (saveOfficeHours).
 */
export const hoursFormSchema = z
  .object({
    intent: z.literal("hours"),
    ...Object.fromEntries(
      WEEKDAY_NAMES.flatMap((_, index) => [
        [`opens-${index + 1}`, clockField],
        [`closes-${index + 1}`, clockField],
      ]),
    ),
  })
  .transform((fields, ctx) => {
    const posted = fields as Record<string, string | undefined>;
    const hours = WEEKDAY_NAMES.map((name, index): DayHours => {
      const opensText = posted[`opens-${index + 1}`] ?? "";
      const closesText = posted[`closes-${index + 1}`] ?? "";
      if (opensText === "" && closesText === "") return null;
      const opens = parseClock(opensText);
      const closes = parseClock(closesText);
      if (opens === null || closes === null) {
        ctx.addIssue({ code: "custom", message: `${name}: укажите время открытия и закрытия ЧЧ:ММ (или оставьте оба пустыми — выходной)` });
        return null;
      }
      return { opens, closes };
    });
    return { intent: "hours" as const, hours };
  });

/** The back office's pickup page posts three more forms, told apart by the button pressed. */
export const pickupFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("move"),
    orderId: z.coerce.number({ error: "Нет такой записи" }).int().positive().max(2_147_483_647),
    slot: z
      .string()
      .max(16)
      .refine((key) => parseSlotKey(key) !== null, "Выберите новое время"),
    day: dayField("День: ГГГГ-ММ-ДД"),
    /** The order's page when the move was pressed there: the answer goes back to it. */
    from: z
      .string()
      .regex(/^\/admin\/orders\/[\d-]{1,20}$/)
      .optional()
      .catch(undefined),
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
  const [schedule, holidays, hours] = await Promise.all([daySchedule(db, day), listHolidays(db, moscowWallClock(new Date()).day), readOfficeHoursNow(db)]);
  return {
    schedule,
    holidays,
    previousDay: addCalendarDays(day, -1),
    nextDay: addCalendarDays(day, 1),
    // The form's rows: the hours in force per weekday, and the slot length their step must follow.
    hours: WEEKDAY_NAMES.map((name, index) => ({
      name,
      opens: hours[index] ? clockOf(hours[index].opens) : "",
      closes: hours[index] ? clockOf(hours[index].closes) : "",
    })),
    hoursText: officeHoursText(hours),
    slotMinutes: getConfig().pickup.slotMinutes,
  };
}

/** POST /admin/pickup: move a booking, add or remove a holiday; back to the day with what happened. */
export async function handlePickupForm(request: Request, context: Readonly<RouterContextProvider>) {
  const url = new URL(request.url);
  const body = await readFormBody(request);
  if (body.get("intent") === "hours") return handleHoursForm(body, context, scheduleDay(url));
  const parsed = readForm(body, pickupFormSchema, { coerce: false });
  const day = parsed.ok && parsed.value.intent === "move" ? parsed.value.day : scheduleDay(url);
  const back = parsed.ok && parsed.value.intent === "move" && parsed.value.from ? parsed.value.from : `/admin/pickup?day=${day}`;
  const say = async (kind: "success" | "error", message: string) =>
    redirect(back, { status: 303, headers: { "Set-Cookie": await flashHeader({ kind, message }) } });
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

/** POST /admin/pickup with intent=hours: the office's hours saved (audited), or why not. */
async function handleHoursForm(body: FormData, context: Readonly<RouterContextProvider>, day: string) {
  const parsed = readForm(body, hoursFormSchema, { coerce: false });
  const saved = parsed.ok
    ? await saveOfficeHours(context.get(databaseContext).db, context.get(staffActorContext), parsed.value.hours)
    : { ok: false as const, reason: parsed.issues.map((issue) => issue.message).join("; ") };
  const notice = saved.ok
    ? { kind: "success" as const, message: `Часы работы сохранены: ${officeHoursText(parsed.ok ? parsed.value.hours : [])}.` }
    : { kind: "error" as const, message: saved.reason };
  return redirect(`/admin/pickup?day=${day}`, { status: 303, headers: { "Set-Cookie": await flashHeader(notice) } });
}
