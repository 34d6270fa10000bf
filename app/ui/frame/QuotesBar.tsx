import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { courseLines, type QuotesView } from "#app/modules/quotes/view.ts";
import { formatMoney, formatNumber, formatTime } from "#app/modules/shared/format.ts";
import { Container } from "../kit/Container.tsx";
import { Icon } from "../kit/icons.tsx";
import { visuallyHidden } from "../kit/kit.css.ts";
import * as css from "./quotes-bar.css.ts";

/** How often the bar asks for new figures while the tab is visible. */
export const QUOTES_POLL_MS = 60_000;

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
      <Container className={css.inner}>
        {courses && time ? (
          <>
            <ul className={css.list} aria-label="Котировки металлов">
              {courseLines(courses).map((line) => (
                <li key={line.key} className={css.item} data-course={line.key} data-direction={line.direction}>
                  <span className={css.name}>{line.name}</span>
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
                Обновлено <time dateTime={time}>{formatTime(time)}</time> МСК
              </span>
              {quotes ? (
                <span className={quotes.marketOpen ? css.marketDot.open : css.marketDot.closed}>
                  {quotes.marketOpen ? "Биржа открыта" : "Биржа закрыта"}
                </span>
              ) : null}
              <Link to="/quotes-online">Графики</Link>
            </span>
          </>
        ) : (
          <Link to="/quotes-online">Котировки золота и серебра онлайн</Link>
        )}
      </Container>
    </div>
  );
}
