import type { ChartGeometry } from "#app/modules/quotes/chart.ts";
import * as css from "./price-chart.css.ts";

/** A server-drawn price chart (no JavaScript needed), with a text summary for screen readers. */
export function PriceChart({ chart, title, summary }: { chart: ChartGeometry; title: string; summary: string }) {
  const { width, height, plot } = chart;
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
      </svg>
      <figcaption className={css.caption}>{summary}</figcaption>
    </figure>
  );
}
