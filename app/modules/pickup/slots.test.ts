import { describe, expect, it } from "vitest";
import { bookableSlot, bookableSlots, parseSlotKey, slotKeyOf, slotsOfDay } from "./slots.ts";
import { pickupSlotText } from "../delivery/pickup-slot-text.ts";
import { DEFAULT_OFFICE_HOURS_TEXT, parseOfficeHours } from "../config/office-hours.ts";

const hoursOf = (text: string) => {
  const parsed = parseOfficeHours(text, 30);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.hours;
};
const officeHours = hoursOf(DEFAULT_OFFICE_HOURS_TEXT);
const rules = { slotMinutes: 60, capacity: 2, daysAhead: 7, officeHours };

describe("office pickup slots", () => {
  it("offers Monday to Thursday 10:00–18:00 and Friday 10:00–17:00, nothing at the weekend", () => {
    // 2026-12-03 is a Thursday.
    expect(slotsOfDay("2026-12-03", rules, new Set()).map((slot) => slot.label)).toEqual([
      "10:00–11:00",
      "11:00–12:00",
      "12:00–13:00",
      "13:00–14:00",
      "14:00–15:00",
      "15:00–16:00",
      "16:00–17:00",
      "17:00–18:00",
    ]);
    expect(slotsOfDay("2026-12-04", rules, new Set()).at(-1)?.label).toBe("16:00–17:00");
    expect(slotsOfDay("2026-12-05", rules, new Set())).toEqual([]);
    expect(slotsOfDay("2026-12-06", rules, new Set())).toEqual([]);
  });

  it("follows the hours staff set: a Saturday opened, a Monday closed, a Friday shortened", () => {
    const changed = { ...rules, officeHours: hoursOf("вт–чт 10:00–18:00; пт 10:00–14:00; сб 11:00–13:00") };
    // 2026-11-30 is a Monday, 2026-12-05 a Saturday.
    expect(slotsOfDay("2026-11-30", changed, new Set())).toEqual([]);
    expect(slotsOfDay("2026-12-04", changed, new Set()).at(-1)?.label).toBe("13:00–14:00");
    expect(slotsOfDay("2026-12-05", changed, new Set()).map((slot) => slot.label)).toEqual(["11:00–12:00", "12:00–13:00"]);
  });

  it("offers nothing on a holiday staff listed", () => {
    expect(slotsOfDay("2026-12-03", rules, new Set(["2026-12-03"]))).toEqual([]);
  });

  it("keeps only whole slots inside the hours", () => {
    expect(slotsOfDay("2026-12-04", { slotMinutes: 90, officeHours }, new Set()).map((slot) => slot.label)).toEqual([
      "10:00–11:30",
      "11:30–13:00",
      "13:00–14:30",
      "14:30–16:00",
    ]);
  });

  it("names a slot by its Moscow time: 10:00 in Moscow is 07:00 UTC", () => {
    expect(parseSlotKey("2026-12-03T10:00")?.startsAt.toISOString()).toBe("2026-12-03T07:00:00.000Z");
    expect(slotKeyOf(new Date("2026-12-03T07:00:00Z"))).toBe("2026-12-03T10:00");
    expect(pickupSlotText("2026-12-03T07:00:00Z", 60)).toBe("чт, 3 декабря, 10:00–11:00 (МСК)");
  });

  it("refuses keys that are not slots", () => {
    for (const key of ["", "2026-02-30T10:00", "2026-12-03T25:00", "2026-12-03 10:00", "x".repeat(5000)]) expect(parseSlotKey(key)).toBeNull();
  });

  it("starts from tomorrow in Moscow, whatever the day is in UTC", () => {
    // 2026-12-03T20:30Z is Thursday 3 December, 23:30 in Moscow: tomorrow is Friday.
    const thursdayNight = new Date("2026-12-03T20:30:00Z");
    expect(bookableSlots(thursdayNight, rules, new Set())[0]?.key).toBe("2026-12-04T10:00");
    expect(bookableSlot("2026-12-03T17:00", thursdayNight, rules, new Set())).toBeUndefined();
    expect(bookableSlot("2026-12-04T16:00", thursdayNight, rules, new Set())?.label).toBe("16:00–17:00");
    expect(bookableSlot("2026-12-04T17:00", thursdayNight, rules, new Set())).toBeUndefined();
    // 21:30Z is already Friday 00:30 in Moscow: tomorrow is Saturday, so Monday comes first.
    expect(bookableSlots(new Date("2026-12-03T21:30:00Z"), rules, new Set())[0]?.key).toBe("2026-12-07T10:00");
  });
});
