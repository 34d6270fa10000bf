import { Link } from "react-router";
import * as css from "./pagination.css.ts";

/** Page links 1 … n with the current one marked; `hrefFor(page)` knows the list's address scheme. */
export function Pagination({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  if (pageCount <= 1) return null;
  const pages = visiblePages(page, pageCount);
  return (
    <nav aria-label="Страницы" className={css.nav}>
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={css.link}>
          ← Назад
        </Link>
      ) : null}
      {pages.map((item, index) =>
        item === "gap" ? (
          <span key={`gap-${index}`} className={css.gap}>
            …
          </span>
        ) : item === page ? (
          <span key={item} aria-current="page" className={css.current}>
            {item}
          </span>
        ) : (
          <Link key={item} to={hrefFor(item)} className={css.link}>
            {item}
          </Link>
        ),
      )}
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} rel="next" className={css.link}>
          Дальше →
        </Link>
      ) : null}
    </nav>
  );
}

/** 1 … 4 5 [6] 7 8 … 20: the first, the last and two either side of the current page. */
export function visiblePages(page: number, pageCount: number): (number | "gap")[] {
  const result: (number | "gap")[] = [];
  for (let n = 1; n <= pageCount; n++) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= 2) result.push(n);
    else if (result.at(-1) !== "gap") result.push("gap");
  }
  return result;
}
