import { listArticles } from "#app/modules/content/articles.server.ts";
import { articleCard } from "#app/modules/content/cards.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { CardGrid } from "#app/ui/content/ArticleCard.tsx";
import { lead } from "#app/ui/content/content.css.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import type { SitemapHandle } from "#app/modules/seo/sitemap-handle.ts";
import type { Route } from "./+types/cases";

/** /cases: how buyers chose, bought and sold coins with us. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  return { items: (await listArticles(db, "case")).map(articleCard) };
}

export const handle = { sitemap: { changeFrequency: "monthly" } } satisfies SitemapHandle;

export const meta = () =>
  pageMeta({ title: "Кейсы", description: "Истории покупателей: как они выбирали, покупали, хранили и продавали монеты из золота и серебра." });

export default function Cases({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Кейсы" crumbs={[{ name: "Кейсы", href: "/cases" }]} />
      <p className={lead}>
        Истории наших покупателей — с их согласия и без имён. Они показывают, как принимаются решения, а не обещают доход: цена металла может и расти, и падать.
      </p>
      {loaderData.items.length > 0 ? <CardGrid items={loaderData.items} /> : <p>Историй пока нет.</p>}
    </>
  );
}
