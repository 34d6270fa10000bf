import { describe, expect, it } from "vitest";
import { cleanCancelReason, expectedRubles, planServing, preorderEstimate, preorderStatusText } from "./preorders.ts";

describe("the ordering rule of an opening", () => {
  it("serves the line in order, whole pre-orders while the stock lasts", () => {
    const line = [
      { id: 7, quantity: 2 },
      { id: 3, quantity: 1 },
      { id: 9, quantity: 2 },
    ];
    expect(planServing(line, 10)).toEqual([
      { id: 7, pieces: 2 },
      { id: 3, pieces: 1 },
      { id: 9, pieces: 2 },
    ]);
    expect(planServing(line, 3)).toEqual([
      { id: 7, pieces: 2 },
      { id: 3, pieces: 1 },
    ]);
  });

  it("gives the first one the stock cannot cover whole what is left, and never passes it over for a later smaller one", () => {
    const line = [
      { id: 1, quantity: 1 },
      { id: 2, quantity: 3 },
      { id: 3, quantity: 1 },
    ];
    // Two pieces: the first gets one, the second the other one (not the third, who came later).
    expect(planServing(line, 2)).toEqual([
      { id: 1, pieces: 1 },
      { id: 2, pieces: 1 },
    ]);
  });

  it("serves no one without stock, and reads a broken stock as none", () => {
    expect(planServing([{ id: 1, quantity: 1 }], 0)).toEqual([]);
    expect(planServing([{ id: 1, quantity: 1 }], -3)).toEqual([]);
    expect(planServing([], 5)).toEqual([]);
  });
});

describe("the estimate a pre-order's identification is judged on", () => {
  it("reads the rubles staff wrote in the announcement, and none where it names no sum", () => {
    expect(expectedRubles("около 7 000 ₽")).toBe(7000);
    expect(expectedRubles("около 12\u00a0500 руб.")).toBe(12500);
    expect(expectedRubles("6500,50 ₽")).toBe(6500);
    expect(expectedRubles("по цене металла + 12 %")).toBeNull();
    expect(expectedRubles(null)).toBeNull();
  });

  it("is the price times the pieces with the 20% margin for the metal's move, rounded up", () => {
    expect(preorderEstimate(450, 2)).toBe(1080);
    expect(preorderEstimate(450, 1)).toBe(540);
    expect(preorderEstimate(83_334, 1)).toBe(100_001);
  });

  it("says a pre-order the shop closed was closed for want of identification, not cancelled", () => {
    expect(preorderStatusText("cancelled", "identification")).toBe("Закрыт: нужна идентификация");
    expect(preorderStatusText("cancelled", null)).toBe("Отменён");
    expect(preorderStatusText("waiting", null)).toBe("В очереди");
  });

  it("says one staff cancelled was cancelled by the shop, with their reason", () => {
    expect(preorderStatusText("cancelled", "staff", "Поставка сокращена")).toBe("Отменён магазином: Поставка сокращена");
    expect(preorderStatusText("cancelled", "staff")).toBe("Отменён магазином");
  });
});

describe("the reason staff give when they cancel a pre-order", () => {
  it("is one line without control characters or direction marks, spaces collapsed", () => {
    expect(cleanCancelReason("  Поставка\u0007 сокращена\r\n\tмонетным   двором\u202e ")).toBe("Поставка сокращена монетным двором");
    expect(cleanCancelReason("\u0000\u0001\u200f\ufeff")).toBe("");
  });
});
