import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import type { CourseKey } from "#app/modules/quotes/instruments.ts";
import { courseLines, type QuotesView } from "#app/modules/quotes/view.ts";
import { formatMoney, formatNumber, formatTime } from "#app/modules/shared/format.ts";
import { Container } from "../kit/Container.tsx";
import { Icon } from "../kit/icons.tsx";
import { visuallyHidden } from "../kit/kit.css.ts";
import * as css from "./quotes-bar.css.ts";

/** How often the bar asks for new figures while the tab is visible. */
export const QUOTES_POLL_MS = 60_000;

/** The names shown from xl up, where the whole bar must fit one row at 1280 px. */
const shortNames: Record<CourseKey, string> = {
  XAU_RUB: "Золото ₽/г",
  XAU_USD: "Золото $/унц",
  XAG_RUB: "Серебро ₽/г",
  XAG_USD: "Серебро $/унц",
  USD_RUB: "Доллар ₽",
};

type CoursesAnswer = { time: string; courses: QuotesView["courses"] };

/**
 * The metal quotes in the header: five figures with two fraction digits, green with an
 * up arrow or orange-red with a down arrow against the previous trading day, the time
 * of the last update and whether the exchange trades now. Without JavaScript it shows
 * the server's figures; with it, it polls /api/courses while the tab is visible.
 */
export function QuotesBar({ quotes, largeScreensOnly }: { quotes: QuotesView | null; largeScreensOnly: boolean }) {
  const fetcher = useFetcher<CoursesAnswer>();
  const { load } = fetcher;

  useEffect(() => {
    let timer: number | undefined;
    const poll = () => {
      window.clearInterval(timer);
      if (document.visibilityState === "visible") timer = window.setInterval(() => load("/api/courses"), QUOTES_POLL_MS);
    };
    poll();
    document.addEventListener("visibilitychange", poll);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", poll);
    };
  }, [load]);

  const live = fetcher.data && "courses" in fetcher.data ? fetcher.data : undefined;
  const courses = live?.courses ?? quotes?.courses;
  const time = live?.time ?? quotes?.time;
  const className = largeScreensOnly ? `${css.bar} ${css.largeOnly}` : css.bar;

  return (
    <div className={className} data-testid="quotes-bar">
      <Container>
        <div className={css.inner}>
          {courses && time ? (
            <>
              <ul className={css.list} aria-label="Котировки металлов">
                {courseLines(courses).map((line) => (
                  <li key={line.key} className={css.item} data-course={line.key} data-direction={line.direction}>
                    <span className={css.name}>
                      <span className={css.narrowOnly}>{line.name}</span>
                      <span className={css.wideOnly} aria-hidden="true">
                        {shortNames[line.key]}
                      </span>
                    </span>
                    <span className={css.value}>{line.unit === "RUB" ? formatMoney(line.course, 2) : `${formatNumber(line.course)} $`}</span>
                    <span className={css.change[line.direction]}>
                      <Icon name={line.direction === "up" ? "arrowUp" : "arrowDown"} size={14} />
                      <span className={visuallyHidden}>{line.direction === "up" ? "рост" : "снижение"}</span>
                      {formatNumber(Math.abs(line.diff))}
                    </span>
                  </li>
                ))}
              </ul>
              <span className={css.meta}>
                <span>
                  <span className={css.updatedWord}>Обновлено </span>
                  <time dateTime={time}>{formatTime(time)}</time>
                  <span className={css.narrowOnly}> МСК</span>
                </span>
                {quotes ? (
                  <span className={`${css.market} ${quotes.marketOpen ? css.marketDot.open : css.marketDot.closed}`}>
                    {quotes.marketOpen ? "Биржа открыта" : "Биржа закрыта"}
                  </span>
                ) : null}
                <Link to="/quotes-online">Графики</Link>
              </span>
            </>
          ) : (
            <Link to="/quotes-online">Котировки золота и серебра онлайн</Link>
          )}
        </div>
      </Container>
    </div>
  );
}
