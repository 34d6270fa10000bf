import { describe, expect, it } from "vitest";
import { buildChart, parseChartRange } from "./chart.ts";

const format = (value: number) => String(value);

function days(count: number, start = "2026-01-01", value = (i: number) => 100 + i) {
  return Array.from({ length: count }, (_, i) => ({
    date: new Date(Date.parse(`${start}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
    value: value(i),
  }));
}

describe("buildChart", () => {
  it("needs two points", () => {
    expect(buildChart(days(1), { formatValue: format })).toBeUndefined();
  });

  it("draws the line from the first point on the left to the last on the right, higher values higher up", () => {
    const chart = buildChart(days(10), { width: 720, height: 260, formatValue: format })!;
    expect(chart.line.startsWith(`M${chart.plot.left} `)).toBe(true);
    const coords = [...chart.line.matchAll(/[ML]([\d.]+) ([\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(coords).toHaveLength(10);
    expect(coords.at(-1)![0]).toBe(chart.plot.right);
    // A rising series: y (down the page) falls.
    expect(coords.at(-1)![1]).toBeLessThan(coords[0]![1]!);
    expect(chart.min.value).toBe(100);
    expect(chart.max.value).toBe(109);
  });

  it("labels the value axis with round steps covering the data", () => {
    const chart = buildChart(
      days(30, "2026-01-01", (i) => 10_450 + i * 17),
      { formatValue: format },
    )!;
    const values = chart.yTicks.map((tick) => Number(tick.label));
    expect(values[0]).toBeLessThanOrEqual(10_450);
    expect(values.at(-1)).toBeGreaterThanOrEqual(10_450 + 29 * 17);
    expect(new Set(values.slice(1).map((v, i) => v - values[i]!)).size).toBe(1);
  });

  it("labels long ranges by Russian month names and years", () => {
    const chart = buildChart(days(400, "2025-10-01"), { formatValue: format })!;
    const labels = chart.xTicks.map((tick) => tick.label);
    expect(labels).toContain("2026");
    expect(labels.some((label) => /^(янв|апр|июл|окт)/.test(label))).toBe(true);
  });

  it("copes with a flat series", () => {
    expect(
      buildChart(
        days(5, "2026-01-01", () => 80),
        { formatValue: format },
      )!.yTicks.length,
    ).toBeGreaterThanOrEqual(2);
  });
});

describe("parseChartRange", () => {
  it("accepts the four ranges and falls back to half a year", () => {
    expect(parseChartRange("month")).toBe("month");
    expect(parseChartRange("all")).toBe("all");
    expect(parseChartRange("<script>")).toBe("half-year");
    expect(parseChartRange(null)).toBe("half-year");
  });
});

describe("buildChart with a second line", () => {
  it("puts both lines on one scale and places the min and max of the main line", () => {
    // Sale 100…109, buy-back 90…99: the axis covers 90…109, the buy-back drawn lower on the page.
    const sale = days(10);
    const buyback = days(10, "2026-01-01", (i) => 90 + i);
    const chart = buildChart(sale, { width: 720, height: 260, formatValue: format, secondary: buyback })!;
    expect(Number(chart.yTicks[0]!.label)).toBeLessThanOrEqual(90);
    const ys = (path: string) => [...path.matchAll(/[ML][\d.]+ ([\d.]+)/g)].map((m) => Number(m[1]));
    expect(ys(chart.secondary!)).toHaveLength(10);
    ys(chart.secondary!).forEach((y, i) => expect(y).toBeGreaterThan(ys(chart.line)[i]!));
    expect(chart.minAt).toEqual({ x: chart.plot.left, y: ys(chart.line)[0] });
    expect(chart.maxAt).toEqual({ x: chart.plot.right, y: ys(chart.line)[9] });
  });

  it("draws no second line when none is given", () => {
    expect(buildChart(days(10), { formatValue: format })!.secondary).toBeUndefined();
  });
});
