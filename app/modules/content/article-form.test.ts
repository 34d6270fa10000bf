import { describe, expect, it } from "vitest";
import { formatContentEntry, parseContentFile } from "./content-files.ts";
import { articleEntryOf, articleFormSchema, parseDay, slugFromTitle } from "./article-form.ts";

describe("the article form's fields", () => {
  it("an address is made from a Russian title as the demo content's are", () => {
    expect(slugFromTitle("По пятницам офис работает до 17:00")).toBe("po-pyatnicam-ofis-rabotaet-do-17-00");
    expect(slugFromTitle("Учётные цены: щедрый ёж")).toBe("uchetnye-ceny-shchedryj-ezh");
    expect(slugFromTitle("«»…")).toBe("");
  });

  it("a date is read as ДД.ММ.ГГГГ or ГГГГ-ММ-ДД, and a day that does not exist is refused", () => {
    expect(parseDay("07.11.2026")).toBe("2026-11-07");
    expect(parseDay("7.11.2026")).toBe("2026-11-07");
    expect(parseDay("2026-11-07")).toBe("2026-11-07");
    expect(parseDay("31.13.2026")).toBeNull();
    expect(parseDay("29.02.2027")).toBeNull();
    expect(parseDay("07/11/2026")).toBeNull();
  });

  it("a title with a colon becomes a file the import reads back to the same title", () => {
    const values = articleFormSchema.parse({
      intent: "publish",
      title: "Новый график: суббота",
      date: "07.11.2026",
      description: "Кратко: да",
      body: "Текст\r\nвторая строка",
    });
    const entry = articleEntryOf("news", values, null, null, slugFromTitle(values.title));
    const parsed = parseContentFile("news", "news/x.md", formatContentEntry(entry));
    expect(parsed.ok && parsed.entry).toMatchObject({
      slug: "novyj-grafik-subbota",
      title: "Новый график: суббота",
      description: "Кратко: да",
      date: "2026-11-07",
      body: "Текст\nвторая строка",
    });
  });
});
