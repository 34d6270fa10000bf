import { describe, expect, it } from "vitest";
import { DEFAULT_OFFICE_HOURS_TEXT, officeHoursRows, officeHoursText, parseOfficeHours } from "./office-hours.ts";

const parsed = (text: string, slot = 60) => {
  const result = parseOfficeHours(text, slot);
  return result.ok ? result.hours : result.reason;
};

describe("office hours as an office manager writes them", () => {
  it("reads the spec's default: Mon–Thu 10–18, Fri 10–17, the weekend closed, and prints it back", () => {
    const hours = parsed(DEFAULT_OFFICE_HOURS_TEXT);
    expect(hours).toEqual([
      { opens: 600, closes: 1080 },
      { opens: 600, closes: 1080 },
      { opens: 600, closes: 1080 },
      { opens: 600, closes: 1080 },
      { opens: 600, closes: 1020 },
      null,
      null,
    ]);
    expect(officeHoursText(hours as never)).toBe("Пн–Чт 10:00–18:00, Пт 10:00–17:00; Сб, Вс — выходные");
    expect(officeHoursRows(hours as never).map((row) => row.schemaDays)).toEqual([["Monday", "Tuesday", "Wednesday", "Thursday"], ["Friday"]]);
  });

  it("takes lists of days, hyphens, a Saturday and a close at 24:00", () => {
    expect(officeHoursText(parsed("пн, ср 09:00-13:00; вт 10:00 – 24:00; сб 11:00—15:00") as never)).toBe(
      "Пн 09:00–13:00, Вт 10:00–24:00, Ср 09:00–13:00, Сб 11:00–15:00; Чт, Пт, Вс — выходные",
    );
  });

  it("refuses in Russian hours closing before they open, past 24:00, off the slot's step, a day twice, an unknown day", () => {
    expect(parsed("пн 18:00–10:00")).toBe("«пн 18:00–10:00»: офис должен открываться раньше, чем закрывается");
    expect(parsed("пн 10:00–25:00")).toBe("«пн 10:00–25:00»: время от 00:00 до 24:00");
    expect(parsed("пн 10:00–17:30")).toBe("«пн 10:00–17:30»: часы работы — целое число записей по 60 мин");
    expect(parsed("пн 10:00–17:30", 30)).not.toBeTypeOf("string");
    expect(parsed("пн–ср 10:00–18:00; ср 10:00–17:00")).toBe("«ср» указан дважды");
    expect(parsed("пнд 10:00–18:00")).toBe("«пнд»: дни пишутся как пн, вт, ср, чт, пт, сб, вс");
    expect(parsed("пт–пн 10:00–18:00")).toBe("«пт–пн»: неделя начинается с понедельника");
    expect(parsed("")).toContain("напишите часы");
  });
});
