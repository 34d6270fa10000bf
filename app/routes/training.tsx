import { listArticles } from "#app/modules/content/articles.server.ts";
import { articleCard } from "#app/modules/content/cards.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { CardGrid } from "#app/ui/content/ArticleCard.tsx";
import { lead } from "#app/ui/content/content.css.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import type { SitemapHandle } from "#app/modules/seo/sitemap-handle.ts";
import type { Route } from "./+types/training";

/** /training: articles for first-time buyers of coins. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  return { items: (await listArticles(db, "training")).map(articleCard) };
}

export const handle = { sitemap: { changeFrequency: "monthly" } } satisfies SitemapHandle;

export const meta = () =>
  pageMeta({
    title: "Обучение для начинающих",
    description: "Статьи для начинающих: чем инвестиционные монеты отличаются от памятных, из чего складывается цена, как хранить монеты и не купить подделку.",
  });

export default function Training({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Обучение для начинающих" crumbs={[{ name: "Обучение для начинающих", href: "/training" }]} />
      <p className={lead}>
        Короткие статьи о том, что нужно знать до первой покупки: как устроена цена монеты, чем отличаются пробы и монетные дворы, как хранить монеты и продать
        их обратно.
      </p>
      {loaderData.items.length > 0 ? <CardGrid items={loaderData.items} /> : <p>Статей пока нет.</p>}
    </>
  );
}
