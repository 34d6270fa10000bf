import { eq, sql } from "drizzle-orm";
import { getConfig } from "../config/config.server.ts";
import { type DayHours, dayHoursIssue, type OfficeHours, officeHoursText, WEEKDAY_NAMES } from "../config/office-hours.ts";
import type { Database } from "../db/client.server.ts";
import { changedReads } from "../db/read-changes.server.ts";
import { shopSettings } from "../db/schema.ts";
import { type StaffActor, writeAudit } from "../audit/audit.server.ts";
import { createReadCache } from "../shared/read-cache.ts";

/**
 * The office's hours staff set on /admin/pickup (decision 061), kept in shop_settings so every
 * instance sees them; OFFICE_HOURS until they do. One value for the pickup slots, /contacts, the
 * footer and the order pages: what staff change is what a buyer is told.
 */

const KEY = "office_hours";

function storedHours(value: unknown): OfficeHours | null {
  const days = (value as { days?: unknown } | undefined)?.days;
  if (!Array.isArray(days) || days.length !== 7) return null;
  return days.map((day): DayHours =>
    day && typeof day.opens === "number" && typeof day.closes === "number" ? { opens: day.opens, closes: day.closes } : null,
  );
}

export async function readOfficeHoursNow(db: Database): Promise<OfficeHours> {
  const [row] = await db.select({ value: shopSettings.value }).from(shopSettings).where(eq(shopSettings.key, KEY)).limit(1);
  return storedHours(row?.value) ?? getConfig().pickup.officeHours;
}

// Read on every page (the footer): cached, dropped at once here and through NOTIFY elsewhere when staff change them.
const hoursCache = createReadCache<OfficeHours>({ tag: "settings", maxEntries: 1 });

/** The hours in force (cached for pages and slots). */
export function readOfficeHours(db: Database): Promise<OfficeHours> {
  return hoursCache.get(db, KEY, () => readOfficeHoursNow(db));
}

/** "Пн–Чт 10:00–18:00, Пт 10:00–17:00; Сб, Вс — выходные" of the hours in force. */
export async function readOfficeHoursText(db: Database): Promise<string> {
  return officeHoursText(await readOfficeHours(db));
}

/**
 * Staff set the week's hours: each open day checked (opens before it closes, within the day, a whole
 * number of slots of `slotMinutes`), audited with the hours before. Bookings already made outside
 * the new hours stay; the day's schedule shows them «вне часов работы» to be moved.
 */
export async function saveOfficeHours(
  db: Database,
  actor: StaffActor,
  hours: OfficeHours,
  slotMinutes = getConfig().pickup.slotMinutes,
): Promise<{ ok: true } | { ok: false; reason: string }> {
  for (const [index, day] of hours.entries()) {
    const issue = day ? dayHoursIssue(day, slotMinutes) : null;
    if (issue) return { ok: false, reason: `${WEEKDAY_NAMES[index]}: ${issue}` };
  }
  if (hours.every((day) => day === null)) return { ok: false, reason: "Офис должен работать хотя бы один день" };
  await db.transaction(async (tx) => {
    const before = await readOfficeHoursNow(tx);
    const value = { days: hours };
    await tx
      .insert(shopSettings)
      .values({ key: KEY, value })
      .onConflictDoUpdate({ target: shopSettings.key, set: { value, updatedAt: sql`now()` } });
    await writeAudit(tx, actor, {
      action: "pickup.hours",
      entity: "shop:office_hours",
      before: { hours: officeHoursText(before) },
      after: { hours: officeHoursText(hours) },
    });
  });
  await changedReads(db, "settings");
  return { ok: true };
}
