import type { ArticleKind } from "./content-files.ts";

/** The list page of each kind of article, its name in menus and breadcrumbs. */
export const articleSections: Record<ArticleKind, { name: string; href: string }> = {
  news: { name: "Новости", href: "/news" },
  case: { name: "Кейсы", href: "/cases" },
  training: { name: "Обучение для начинающих", href: "/training" },
};

export function articleHref(kind: ArticleKind, slug: string): string {
  return `${articleSections[kind].href}/${encodeURIComponent(slug)}`;
}

export const promotionsHref = "/promo";
export const promotionHref = (id: number) => `${promotionsHref}/${id}`;

/** The address of page n of the news list (page 1 is /news itself). */
export const newsPageHref = (page: number) => (page <= 1 ? "/news" : `/news/page/${page}`);

/** News per page of /news and /news/page/{n}. */
export const newsPageSize = 6;
