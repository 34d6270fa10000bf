import type { ArticlePageData } from "#app/modules/content/cards.ts";
import { formatDay } from "#app/modules/content/dates.ts";
import { CoinImage } from "../kit/CoinImage.tsx";
import { JsonLd } from "../kit/JsonLd.tsx";
import { PageHeader } from "../kit/PageHeader.tsx";
import { CardGrid } from "./ArticleCard.tsx";
import { Prose } from "./Prose.tsx";
import { VideoButton } from "./VideoButton.tsx";
import * as css from "./content.css.ts";

/** A news item, case or training article: heading, date, cover, video, lead, body, other articles. */
export function ArticleView({ data }: { data: ArticlePageData }) {
  return (
    <article>
      <PageHeader title={data.title} crumbs={data.crumbs} />
      <p className={css.meta}>
        <time dateTime={data.publishedAt}>{formatDay(data.publishedAt)}</time>
      </p>
      {data.cover ? (
        <div className={css.cover}>
          <CoinImage image={data.cover} sizes="(min-width: 880px) 800px, 100vw" priority />
        </div>
      ) : null}
      {data.description ? <p className={css.lead}>{data.description}</p> : null}
      {data.videoUrl ? <VideoButton url={data.videoUrl} title={data.title} /> : null}
      <Prose html={data.html} />
      <JsonLd data={data.jsonLd} />
      {data.others.length > 0 ? (
        <aside className={css.related} aria-labelledby="related-heading">
          <h2 id="related-heading" className={css.sectionHeading}>
            {data.kind === "news" ? "Другие новости" : "Читайте также"}
          </h2>
          <CardGrid items={data.others} heading="h3" lazy />
        </aside>
      ) : null}
    </article>
  );
}
