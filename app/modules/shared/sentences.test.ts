import { describe, expect, it } from "vitest";
import { capitalise, joinSentences } from "./sentences.ts";

describe("joinSentences", () => {
  it("ends a part that has no full stop with one, and starts the next with a capital", () => {
    expect(joinSentences(["предлагаем 150 000 ₽ за 1 шт.", "с царапиной", "Ответьте по телефону."])).toBe(
      "предлагаем 150 000 ₽ за 1 шт. С царапиной. Ответьте по телефону.",
    );
  });

  it("keeps a part's own ending (., !, ?, …, also inside quotes or brackets) and replaces a dangling comma, colon or dash", () => {
    expect(joinSentences(["Цена согласована!", "Правда?", "Возможно…", "См. «фото».", "Царапина (аверс)", "мелкие потёртости,", "итог:", "вот —"])).toBe(
      "Цена согласована! Правда? Возможно… См. «фото». Царапина (аверс). Мелкие потёртости. Итог. Вот.",
    );
  });

  it("leaves out empty parts and keeps the first part's case (it may follow a colon)", () => {
    expect(joinSentences(["заявка отклонена", "", null, undefined, "  ", "Причина: медали не выкупаем"])).toBe(
      "заявка отклонена. Причина: медали не выкупаем.",
    );
    expect(joinSentences([])).toBe("");
  });
});

describe("capitalise", () => {
  it("makes the first letter a capital and leaves the rest", () => {
    expect(capitalise("предлагаем 1 ₽. с царапиной")).toBe("Предлагаем 1 ₽. с царапиной");
    expect(capitalise("")).toBe("");
  });
});
