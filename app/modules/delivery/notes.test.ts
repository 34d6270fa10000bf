import { describe, expect, it } from "vitest";
import { handoverText } from "./notes.ts";

describe("handoverText", () => {
  it("tells a buyer who collects the coins to take a passport, and one whose coins come to the door that the courier asks for it", () => {
    expect(handoverText("office")).toMatch(/офис, возьмите паспорт/);
    expect(handoverText("point")).toMatch(/пункте выдачи СДЭК, возьмите паспорт/);
    for (const kind of ["courier", "special"] as const) {
      expect(handoverText(kind)).toBe("Курьер вручит заказ лично получателю и попросит паспорт: держите его под рукой.");
      expect(handoverText(kind)).not.toMatch(/возьмите/i);
    }
    expect(handoverText(null)).not.toMatch(/возьмите/i);
  });
});
