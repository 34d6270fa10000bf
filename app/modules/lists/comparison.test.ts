import { describe, expect, it } from "vitest";
import type { ProductDetails } from "../catalog/types.ts";
import { comparisonRows } from "./comparison.ts";

const base = {
  price: 95_390,
  pricePerGram: 12_260.93,
  premiumPercent: 8,
  metal: "gold",
  fineness: 999,
  pureGrams: 7.78,
  totalGrams: 7.89,
  denomination: "50 рублей",
  kind: "investment",
  country: "Россия",
  mint: "ММД",
  years: "2006–2022",
  diameterMm: 22.6,
  quality: "АЦ",
  mintage: null,
  vat: "exempt",
  inStock: true,
} as unknown as ProductDetails;

describe("comparisonRows", () => {
  it("marks the characteristics that differ and only those", () => {
    const rows = comparisonRows([base, { ...base, mint: "СПМД", price: 95_000 } as ProductDetails]);
    const differing = rows.filter((row) => row.differs).map((row) => row.name);
    expect(differing).toEqual(["Цена", "Монетный двор"]);
    expect(rows.find((row) => row.name === "Монетный двор")!.values).toEqual(["ММД", "СПМД"]);
  });

  it("marks nothing for a single coin", () => {
    expect(comparisonRows([base]).some((row) => row.differs)).toBe(false);
  });

  it("shows the buy-back price and the spread of each coin", () => {
    const withValue = { ...base, value: { perGram: 12_260.93, premiumPercent: 8, buyback: 76_671, spreadPercent: 19.6 } } as ProductDetails;
    const rows = comparisonRows([withValue, base]);
    expect(rows.find((row) => row.name === "Цена выкупа сегодня")!.values.map((v) => v.replace(/\s/g, " "))).toEqual(["76 671 ₽", "—"]);
    expect(rows.find((row) => row.name === "Спред (продажа − выкуп)")!.values).toEqual(["19,6 %", "—"]);
  });
});
