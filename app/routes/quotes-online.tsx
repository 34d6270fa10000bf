import { addDays, moscowDate } from "#app/modules/quotes/calendar.ts";
import { buildChart, chartRanges, parseChartRange } from "#app/modules/quotes/chart.ts";
import { TROY_OUNCE_GRAMS, type StoredInstrument } from "#app/modules/quotes/instruments.ts";
import { getQuotesService } from "#app/modules/quotes/quotes.server.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { formatDateTime, formatMoney, formatNumber } from "#app/modules/shared/format.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import { ChartRangeLinks, PriceChart } from "#app/ui/kit/PriceChart.tsx";
import * as css from "./quotes-online.css.ts";
import type { SitemapHandle } from "#app/modules/seo/sitemap-handle.ts";
import type { Route } from "./+types/quotes-online";

const charts: { instrument: StoredInstrument; title: string; unit: string; fractionDigits: number }[] = [
  { instrument: "XAU_RUB", title: "Золото", unit: "₽ за грамм", fractionDigits: 0 },
  { instrument: "XAG_RUB", title: "Серебро", unit: "₽ за грамм", fractionDigits: 2 },
  { instrument: "USD_RUB", title: "Доллар США", unit: "₽ за доллар", fractionDigits: 2 },
];

export async function loader({ url }: Route.LoaderArgs) {
  const range = parseChartRange(url.searchParams.get("range"));
  const days = chartRanges.find((r) => r.id === range)!.days;
  const from = days ? addDays(moscowDate(new Date()), -days) : "1900-01-01";
  const service = await getQuotesService();
  const histories = await Promise.all(charts.map((chart) => service.history(chart.instrument, from)));
  const snapshot = service.current();
  return {
    range,
    time: snapshot?.time.toISOString() ?? null,
    sourceLabel: snapshot?.source.label ?? null,
    courses: snapshot?.courses ?? null,
    charts: charts.map((chart, i) => {
      const format = (value: number) => formatNumber(value, chart.fractionDigits);
      return { ...chart, geometry: buildChart(histories[i]!, { formatValue: format }) };
    }),
  };
}

export const handle = { sitemap: { changeFrequency: "hourly" } } satisfies SitemapHandle;

export const meta = () =>
  pageMeta({
    title: "Котировки золота и серебра онлайн",
    description: "Цена золота и серебра сегодня за грамм и за унцию, курс доллара, графики за месяц, полгода и год.",
  });

function signed(value: number) {
  return `${value > 0 ? "+" : value < 0 ? "−" : ""}${formatNumber(Math.abs(value))}`;
}

export default function QuotesOnline({ loaderData }: Route.ComponentProps) {
  const { courses, time, sourceLabel, range } = loaderData;
  return (
    <>
      <PageHeader title="Котировки золота и серебра онлайн" crumbs={[{ name: "Котировки онлайн", href: "/quotes-online" }]} />
      {courses && time ? (
        <div>
          <h2 id="current-quotes" className={css.heading}>
            Текущие котировки
          </h2>
          {/* A phone shows each row as a card (quotes-online.css.ts); wider, a table that scrolls
              sideways if it must: focusable, so a keyboard can scroll it too; the one landmark of
              these quotes (a section around it of the same name made two). */}
          {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a box that scrolls must take focus for a keyboard to scroll it */}
          <section className={css.tableScroller} tabIndex={0} aria-labelledby="current-quotes">
            <table className={css.table}>
              <thead>
                <tr>
                  <th scope="col">Металл</th>
                  <th scope="col">₽ за грамм</th>
                  <th scope="col">₽ за унцию</th>
                  <th scope="col">$ за унцию</th>
                  <th scope="col">За день</th>
                </tr>
              </thead>
              <tbody>
                {(
                  [
                    ["Золото", courses.XAU_RUB, courses.XAU_USD],
                    ["Серебро", courses.XAG_RUB, courses.XAG_USD],
                  ] as const
                ).map(([name, rub, usd]) => (
                  <tr key={name}>
                    <th scope="row">{name}</th>
                    <td data-label="₽ за грамм">{formatMoney(rub.course, 2)}</td>
                    <td data-label="₽ за унцию">{formatMoney(rub.course * TROY_OUNCE_GRAMS, 2)}</td>
                    <td data-label="$ за унцию">{formatNumber(usd.course)} $</td>
                    <td className={css.change[rub.direction]} data-label="За день">
                      {signed(rub.diff)} ₽/г
                    </td>
                  </tr>
                ))}
                <tr>
                  <th scope="row">Доллар США</th>
                  <td colSpan={3} data-label="₽ за доллар">
                    {formatMoney(courses.USD_RUB.course, 2)}
                  </td>
                  <td className={css.change[courses.USD_RUB.direction]} data-label="За день">
                    {signed(courses.USD_RUB.diff)} ₽
                  </td>
                </tr>
              </tbody>
            </table>
          </section>
          <p className={css.note}>
            Обновлено {formatDateTime(time)} (МСК). Источник: {sourceLabel}. Изменение — к предыдущему торговому дню. 1 тройская унция ={" "}
            {formatNumber(TROY_OUNCE_GRAMS, 4)} г.
          </p>
        </div>
      ) : (
        <p>Котировки временно недоступны. Попробуйте обновить страницу позже.</p>
      )}

      <ChartRangeLinks ranges={chartRanges} current={range} label="Период графиков" />

      {loaderData.charts.map((chart) => (
        <section key={chart.instrument} aria-labelledby={`chart-${chart.instrument}`}>
          <h2 id={`chart-${chart.instrument}`} className={css.heading}>
            {chart.title}, {chart.unit}
          </h2>
          {chart.geometry ? (
            <PriceChart
              chart={chart.geometry}
              title={`${chart.title}, ${chart.unit}`}
              summary={`С ${formatNumber(chart.geometry.first.value, chart.fractionDigits)} до ${formatNumber(chart.geometry.last.value, chart.fractionDigits)}; минимум ${formatNumber(chart.geometry.min.value, chart.fractionDigits)} (${chart.geometry.min.date.split("-").reverse().join(".")}), максимум ${formatNumber(chart.geometry.max.value, chart.fractionDigits)} (${chart.geometry.max.date.split("-").reverse().join(".")}).`}
            />
          ) : (
            <p>Недостаточно данных для графика за этот период.</p>
          )}
        </section>
      ))}
    </>
  );
}
