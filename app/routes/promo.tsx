import { promotionHref } from "#app/modules/content/paths.ts";
import { moscowToday, promotionStatusLabels, validityText } from "#app/modules/content/dates.ts";
import { listPromotions } from "#app/modules/content/promotions.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { ArticleCard } from "#app/ui/content/ArticleCard.tsx";
import * as css from "#app/ui/content/content.css.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import type { SitemapHandle } from "#app/modules/seo/sitemap-handle.ts";
import type { Route } from "./+types/promo";

/** /promo: promotions running now and coming, then the ended ones, marked as such. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const promotions = await listPromotions(db, moscowToday());
  const items = promotions.map((promotion) => ({
    card: { href: promotionHref(promotion.id), title: promotion.title, description: promotion.description, cover: promotion.cover },
    status: promotion.status,
    validity: validityText(promotion),
  }));
  return { current: items.filter((item) => item.status !== "ended"), ended: items.filter((item) => item.status === "ended") };
}

export const handle = { sitemap: { changeFrequency: "weekly" } } satisfies SitemapHandle;

export const meta = () => pageMeta({ title: "Акции", description: "Акции и специальные предложения на монеты из золота и серебра: условия и сроки действия." });

type Item = Awaited<ReturnType<typeof loader>>["current"][number];

function PromotionCards({ items, priority }: { items: Item[]; priority: boolean }) {
  return (
    <ul className={css.cardGrid}>
      {items.map((item, index) => (
        <li key={item.card.href}>
          <ArticleCard
            item={item.card}
            priority={priority && index < 2}
            className={item.status === "ended" ? css.endedCard : undefined}
            extra={
              <p className={css.cardMeta}>
                <span className={css.badge[item.status]}>{promotionStatusLabels[item.status]}</span>
                <span>{item.validity}</span>
              </p>
            }
          />
        </li>
      ))}
    </ul>
  );
}

export default function Promotions({ loaderData }: Route.ComponentProps) {
  const { current, ended } = loaderData;
  return (
    <>
      <PageHeader title="Акции" crumbs={[{ name: "Акции", href: "/promo" }]} />
      {current.length > 0 ? <PromotionCards items={current} priority /> : <p>Сейчас акций нет — загляните позже или подпишитесь на новости.</p>}
      {ended.length > 0 ? (
        <section aria-labelledby="ended-heading">
          <h2 id="ended-heading" className={css.sectionHeading}>
            Завершённые акции
          </h2>
          <PromotionCards items={ended} priority={false} />
        </section>
      ) : null}
    </>
  );
}
