import { Link } from "react-router";
import type { ChartGeometry, ChartRange } from "#app/modules/quotes/chart.ts";
import * as css from "./price-chart.css.ts";

/** Labels for the lowest and highest points of the line, drawn beside them. */
export type ChartMarks = { min: string; max: string };

/**
 * A server-drawn price chart (no JavaScript needed), with a text summary for screen readers.
 * With `marks`, the lowest and highest points are labelled; a chart with a second line
 * (`chart.secondary`) draws it dashed, under the same axes.
 */
export function PriceChart({ chart, title, summary, marks }: { chart: ChartGeometry; title: string; summary: string; marks?: ChartMarks }) {
  const { width, height, plot } = chart;
  // A label near the right edge is anchored at its end, so it stays inside the picture.
  const anchor = (x: number) => (x > plot.left + (plot.right - plot.left) * 0.75 ? "end" : x < plot.left + 40 ? "start" : "middle");
  return (
    <figure className={css.figure}>
      <svg viewBox={`0 0 ${width} ${height}`} className={css.svg} role="img" aria-label={`${title}. ${summary}`}>
        {chart.yTicks.map((tick) => (
          <g key={tick.y}>
            <line x1={plot.left} x2={plot.right} y1={tick.y} y2={tick.y} className={css.grid} />
            <text x={plot.left - 6} y={tick.y + 4} textAnchor="end" className={css.label}>
              {tick.label}
            </text>
          </g>
        ))}
        {chart.xTicks.map((tick) => (
          <text key={tick.x} x={tick.x} y={height - 8} textAnchor="middle" className={css.label}>
            {tick.label}
          </text>
        ))}
        <path d={chart.area} className={css.area} />
        <path d={chart.line} className={css.line} />
        {chart.secondary ? <path d={chart.secondary} className={css.secondary} data-testid="chart-secondary" /> : null}
        {marks ? (
          <g data-testid="chart-marks">
            <circle cx={chart.maxAt.x} cy={chart.maxAt.y} r={4} className={css.mark} />
            <text x={chart.maxAt.x} y={Math.max(chart.maxAt.y - 8, plot.top + 10)} textAnchor={anchor(chart.maxAt.x)} className={css.markLabel}>
              {marks.max}
            </text>
            <circle cx={chart.minAt.x} cy={chart.minAt.y} r={4} className={css.mark} />
            <text
              x={chart.minAt.x}
              y={Math.min(chart.minAt.y + 8, plot.bottom - 26)}
              textAnchor={anchor(chart.minAt.x)}
              dominantBaseline="hanging"
              className={css.markLabel}
            >
              {marks.min}
            </text>
          </g>
        ) : null}
      </svg>
      <figcaption className={css.caption}>{summary}</figcaption>
    </figure>
  );
}

/** The chart periods as plain links with a GET parameter (no JavaScript needed); `hash` keeps the chart in view. */
export function ChartRangeLinks({
  ranges,
  current,
  label,
  hash = "",
}: {
  ranges: { id: ChartRange; label: string }[];
  current: ChartRange;
  label: string;
  hash?: string;
}) {
  return (
    <nav aria-label={label} className={css.ranges}>
      {ranges.map((option) =>
        option.id === current ? (
          <span key={option.id} aria-current="true" className={css.rangeCurrent}>
            {option.label}
          </span>
        ) : (
          <Link key={option.id} to={`?range=${option.id}${hash}`} preventScrollReset className={css.rangeLink}>
            {option.label}
          </Link>
        ),
      )}
    </nav>
  );
}
