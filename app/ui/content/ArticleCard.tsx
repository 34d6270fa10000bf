import type { ReactNode } from "react";
import { Link } from "react-router";
import type { CardItem } from "#app/modules/content/cards.ts";
import { formatDay } from "#app/modules/content/dates.ts";
import { CoinImage } from "../kit/CoinImage.tsx";
import * as css from "./content.css.ts";

type CardProps = {
  item: CardItem;
  /** The picture above the fold: loaded at once. */
  priority?: boolean;
  className?: string;
  heading?: "h2" | "h3";
  /** A line under the title (a promotion's validity and status). */
  extra?: ReactNode;
};

/** A card of a content list: cover, date, title as the link, lead. */
export function ArticleCard({ item, priority = false, className, heading: Heading = "h2", extra }: CardProps) {
  return (
    <article className={className ? `${css.card} ${className}` : css.card}>
      {item.cover ? (
        <div className={css.cardImage}>
          <CoinImage image={item.cover} alt="" sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw" priority={priority} />
        </div>
      ) : null}
      <div className={css.cardBody}>
        {item.date || item.hasVideo ? (
          <p className={css.cardMeta}>
            {item.date ? <time dateTime={item.date}>{formatDay(item.date)}</time> : null}
            {item.hasVideo ? <span className={css.badge.video}>▶ Видео</span> : null}
          </p>
        ) : null}
        <Heading className={css.cardTitle}>
          <Link to={item.href}>{item.title}</Link>
        </Heading>
        {extra}
        {item.description ? <p className={css.cardText}>{item.description}</p> : null}
      </div>
    </article>
  );
}

/** A grid of cards; the first two pictures load at once unless `lazy` (cards below the fold). */
export function CardGrid({ items, heading = "h2", lazy = false }: { items: CardItem[]; heading?: "h2" | "h3"; lazy?: boolean }) {
  return (
    <ul className={css.cardGrid}>
      {items.map((item, index) => (
        <li key={item.href}>
          <ArticleCard item={item} priority={!lazy && index < 2} heading={heading} />
        </li>
      ))}
    </ul>
  );
}
