import { describe, expect, it } from "vitest";
import { holdings } from "./holdings.ts";

const today = (prices: Record<number, { price: number | null; buyback: number | null }>) => (id: number) => prices[id]!;

describe("holdings", () => {
  it("adds up a coin bought in two orders and counts the gain against today's buy-back price", () => {
    // Георгий: 1 × 90 000 + 2 × 88 500 = 267 000 paid for 3; buy-back today 92 000 × 3 = 276 000
    // gain 9 000 = 3,4 % (9 000 / 267 000 = 0.03370…)
    const result = holdings(
      [
        { productId: 1, slug: "georgiy", name: "Георгий", quantity: 1, paid: 90_000 },
        { productId: 1, slug: "georgiy", name: "Георгий", quantity: 2, paid: 177_000 },
      ],
      today({ 1: { price: 101_000, buyback: 92_000 } }),
    );
    expect(result.lines).toEqual([
      { productId: 1, slug: "georgiy", name: "Георгий", quantity: 3, paid: 267_000, price: 101_000, buyback: 92_000, gain: 9_000, gainPercent: 3.4 },
    ]);
    expect(result).toMatchObject({ paid: 267_000, buybackValue: 276_000, gain: 9_000, gainPercent: 3.4 });
  });

  it("shows a loss per line and a total over all coins", () => {
    // Соболь: paid 5 400, buy-back 4 210 → −1 190 = −22,0 % (−1 190 / 5 400 = −0.22037)
    // Георгий: paid 90 000, buy-back 92 000 → +2 000 = 2,2 %
    // total: paid 95 400, worth 96 210 → +810 = 0,8 % (810 / 95 400 = 0.00849)
    const result = holdings(
      [
        { productId: 2, slug: "sobol", name: "Соболь", quantity: 1, paid: 5_400 },
        { productId: 1, slug: "georgiy", name: "Георгий", quantity: 1, paid: 90_000 },
      ],
      today({ 1: { price: 101_000, buyback: 92_000 }, 2: { price: 5_900, buyback: 4_210 } }),
    );
    expect(result.lines.map((line) => [line.name, line.gain, line.gainPercent])).toEqual([
      ["Соболь", -1_190, -22],
      ["Георгий", 2_000, 2.2],
    ]);
    expect(result).toMatchObject({ paid: 95_400, buybackValue: 96_210, gain: 810, gainPercent: 0.8 });
  });

  it("leaves the gain unknown while there are no quotes, and is empty for a buyer with no coins", () => {
    const result = holdings([{ productId: 1, slug: null, name: "Георгий", quantity: 1, paid: 90_000 }], today({ 1: { price: null, buyback: null } }));
    expect(result.lines[0]).toMatchObject({ gain: null, gainPercent: null });
    expect(result).toMatchObject({ paid: 90_000, buybackValue: null, gain: null, gainPercent: null });
    expect(holdings([], today({}))).toEqual({ lines: [], paid: 0, buybackValue: 0, gain: 0, gainPercent: 0 });
  });
});
