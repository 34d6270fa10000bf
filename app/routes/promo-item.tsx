import { Link } from "react-router";
import { getConfig } from "#app/modules/config/config.server.ts";
import { formatDay, moscowToday, promotionStatus, promotionStatusLabels, validityText } from "#app/modules/content/dates.ts";
import { renderMarkdown } from "#app/modules/content/markdown.server.ts";
import { promotionHref } from "#app/modules/content/paths.ts";
import { findPromotion } from "#app/modules/content/promotions.server.ts";
import { ipxUrl } from "#app/modules/images/image-url.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { openGraphMeta } from "#app/modules/seo/article-seo.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { invalidPage, pageNotFound } from "#app/modules/shared/not-found.ts";
import { Prose } from "#app/ui/content/Prose.tsx";
import * as css from "#app/ui/content/content.css.ts";
import { CoinImage } from "#app/ui/kit/CoinImage.tsx";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import type { Route } from "./+types/promo-item";

/** A promotion, /promo/{id}: its terms, validity and whether it is still running. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  // The page's validation hook (spec section 5): an id is a whole number from 1.
  if (!/^[1-9]\d{0,8}$/.test(params.id)) invalidPage(url.pathname);
  const { db } = context.get(databaseContext);
  const promotion = await findPromotion(db, Number(params.id));
  if (!promotion) pageNotFound(url.pathname);
  const { publicUrl } = getConfig();
  const path = promotionHref(promotion.id);
  return {
    title: promotion.title,
    description: promotion.description,
    cover: promotion.cover,
    html: renderMarkdown(promotion.body, { publicUrl }),
    status: promotionStatus(promotion, moscowToday()),
    validity: validityText(promotion),
    endsOn: promotion.endsOn,
    path,
    url: `${publicUrl}${path}`,
    imageUrl: promotion.cover ? `${publicUrl}${ipxUrl(promotion.cover.src, { width: 1200, format: "jpeg" })}` : undefined,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [
    ...pageMeta({ title: loaderData.title, description: loaderData.description }),
    ...openGraphMeta({ type: "website", url: loaderData.url, description: loaderData.description, imageUrl: loaderData.imageUrl }),
  ];
}

export default function Promotion({ loaderData }: Route.ComponentProps) {
  const { title, description, cover, html, status, validity, endsOn, path } = loaderData;
  return (
    <article>
      <PageHeader
        title={title}
        crumbs={[
          { name: "Акции", href: "/promo" },
          { name: title, href: path },
        ]}
      />
      <p className={css.meta}>
        <span className={css.badge[status]} data-testid="promotion-status">
          {promotionStatusLabels[status]}
        </span>
        <span>Срок действия: {validity}</span>
      </p>
      {status === "ended" && endsOn ? (
        <p className={css.notice} role="note">
          Акция закончилась {formatDay(endsOn)}; её условия больше не действуют. <Link to="/promo">Действующие акции</Link>
        </p>
      ) : null}
      {cover ? (
        <div className={css.cover}>
          <CoinImage image={cover} sizes="(min-width: 880px) 800px, 100vw" priority />
        </div>
      ) : null}
      {description ? <p className={css.lead}>{description}</p> : null}
      <Prose html={html} />
    </article>
  );
}
