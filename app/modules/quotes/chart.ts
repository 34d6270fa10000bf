/**
 * Price charts drawn on the server as SVG geometry, so /quotes-online shows them
 * without JavaScript. Pure: points in, coordinates and Russian axis labels out.
 */
export type ChartPoint = { date: string; value: number };

export type ChartGeometry = {
  width: number;
  height: number;
  /** The price line, as an SVG path. */
  line: string;
  /** The area under the line, closed to the bottom axis. */
  area: string;
  yTicks: { y: number; label: string }[];
  xTicks: { x: number; label: string }[];
  plot: { left: number; right: number; top: number; bottom: number };
  first: ChartPoint;
  last: ChartPoint;
  min: ChartPoint;
  max: ChartPoint;
  /** Where the lowest and highest points of the line are drawn, for their labels. */
  minAt: { x: number; y: number };
  maxAt: { x: number; y: number };
  /** A second line on the same axes (a coin's buy-back price under its sale price), when asked for. */
  secondary?: string;
};

export type ChartRange = "month" | "half-year" | "year" | "all";

export const chartRanges: { id: ChartRange; label: string; days: number | null }[] = [
  { id: "month", label: "Месяц", days: 31 },
  { id: "half-year", label: "Полгода", days: 183 },
  { id: "year", label: "Год", days: 365 },
  { id: "all", label: "Всё время", days: null },
];

export function parseChartRange(value: string | null): ChartRange {
  return chartRanges.some((range) => range.id === value) ? (value as ChartRange) : "half-year";
}

const monthFormatter = new Intl.DateTimeFormat("ru-RU", { month: "short", timeZone: "UTC" });
const dayMonthFormatter = new Intl.DateTimeFormat("ru-RU", { day: "numeric", month: "short", timeZone: "UTC" });

/** A tick step of 1, 2 or 5 × 10ⁿ giving about `count` ticks over the span. */
function niceStep(span: number, count: number): number {
  const raw = span / Math.max(count, 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  return (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * power;
}

export function buildChart(
  points: ChartPoint[],
  options: {
    width?: number;
    height?: number;
    formatValue: (value: number) => string;
    /** A second series on the same days (same length as `points`), drawn as its own line. */
    secondary?: ChartPoint[];
  },
): ChartGeometry | undefined {
  if (points.length < 2) return undefined;
  const width = options.width ?? 720;
  const height = options.height ?? 260;
  const plot = { left: 64, right: width - 12, top: 12, bottom: height - 28 };

  let min = points[0]!;
  let max = points[0]!;
  for (const point of points) {
    if (point.value < min.value) min = point;
    if (point.value > max.value) max = point;
  }
  const secondary = options.secondary?.length === points.length ? options.secondary : undefined;
  let bottom = min.value;
  let top = max.value;
  for (const point of secondary ?? []) {
    bottom = Math.min(bottom, point.value);
    top = Math.max(top, point.value);
  }
  const step = niceStep(top - bottom || top * 0.01 || 1, 4);
  const low = Math.floor(bottom / step) * step;
  const high = Math.max(Math.ceil(top / step) * step, low + step);

  const x = (index: number) => plot.left + ((plot.right - plot.left) * index) / (points.length - 1);
  const y = (value: number) => plot.bottom - ((plot.bottom - plot.top) * (value - low)) / (high - low);
  const round = (n: number) => Math.round(n * 10) / 10;

  const path = (series: ChartPoint[]) => series.map((point, i) => `${i === 0 ? "M" : "L"}${round(x(i))} ${round(y(point.value))}`).join("");
  const line = path(points);
  const area = `${line}L${round(x(points.length - 1))} ${plot.bottom}L${round(x(0))} ${plot.bottom}Z`;

  const yTicks: ChartGeometry["yTicks"] = [];
  for (let value = low; value <= high + step / 2; value += step) {
    yTicks.push({ y: round(y(value)), label: options.formatValue(value) });
  }

  // Month starts as x labels on long ranges, a few dates on a month.
  const spanDays = (Date.parse(points.at(-1)!.date) - Date.parse(points[0]!.date)) / 86_400_000;
  const xTicks: ChartGeometry["xTicks"] = [];
  if (spanDays > 62) {
    const everyMonths = spanDays > 800 ? 6 : spanDays > 400 ? 3 : spanDays > 200 ? 2 : 1;
    let lastMonth = "";
    points.forEach((point, i) => {
      const month = point.date.slice(0, 7);
      const monthIndex = Number(point.date.slice(5, 7)) - 1;
      if (i > 0 && month !== lastMonth && monthIndex % everyMonths === 0) {
        const date = new Date(`${point.date}T00:00:00Z`);
        const label = monthIndex === 0 ? String(date.getUTCFullYear()) : monthFormatter.format(date).replace(".", "");
        xTicks.push({ x: round(x(i)), label });
      }
      lastMonth = month;
    });
  } else {
    const every = Math.max(1, Math.round(points.length / 5));
    points.forEach((point, i) => {
      if (i % every === 0) xTicks.push({ x: round(x(i)), label: dayMonthFormatter.format(new Date(`${point.date}T00:00:00Z`)).replace(".", "") });
    });
  }

  const at = (point: ChartPoint) => ({ x: round(x(points.indexOf(point))), y: round(y(point.value)) });
  return {
    width,
    height,
    line,
    area,
    yTicks,
    xTicks,
    plot,
    first: points[0]!,
    last: points.at(-1)!,
    min,
    max,
    minAt: at(min),
    maxAt: at(max),
    ...(secondary ? { secondary: path(secondary) } : {}),
  };
}
