import { Link } from "react-router";
import { toCard } from "#app/modules/catalog/products.server.ts";
import { comingAndNewCoins } from "#app/modules/launches/launch.server.ts";
import type { LaunchInfo } from "#app/modules/launches/launch.ts";
import { getQuotesService } from "#app/modules/quotes/quotes.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import type { SitemapHandle } from "#app/modules/seo/sitemap-handle.ts";
import { LaunchFacts } from "#app/ui/catalog/LaunchFacts.tsx";
import { ProductCard } from "#app/ui/catalog/ProductCard.tsx";
import { grid } from "#app/ui/catalog/catalog.css.ts";
import * as css from "#app/ui/catalog/launch.css.ts";
import { CoinImage } from "#app/ui/kit/CoinImage.tsx";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import type { Route } from "./+types/new-issues";

const title = "Новинки и скоро в продаже";

/** /new-issues: announced coins whose sales open later, then the coins put on sale lately. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const now = new Date();
  const { coming, opened } = await comingAndNewCoins(db, now);
  const rates = (await getQuotesService()).rates();
  return {
    coming: coming.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      image: row.images[0] ?? null,
      launch: {
        salesOpenAt: row.salesOpenAt!.toISOString(),
        issueDate: row.issueDate,
        mintage: row.mintage,
        expectedPrice: row.expectedPrice,
        buyerCap: row.buyerCap,
      } satisfies LaunchInfo,
    })),
    opened: opened.map((row) => toCard(row, rates)),
  };
}

export const handle = { sitemap: { changeFrequency: "daily" } } satisfies SitemapHandle;

export const meta = () =>
  pageMeta({
    title,
    description:
      "Новые монеты Банка России и других эмитентов: когда начнутся продажи, тираж, ограничение в одни руки, и монеты, поступившие в продажу недавно.",
  });

export default function NewIssues({ loaderData }: Route.ComponentProps) {
  const { coming, opened } = loaderData;
  return (
    <>
      <PageHeader
        title={title}
        crumbs={[
          { name: "Каталог", href: "/catalog" },
          { name: title, href: "/new-issues" },
        ]}
      />
      <section aria-labelledby="coming" className={css.section} data-testid="coming-coins">
        <h2 id="coming" className={css.heading}>
          Скоро в продаже
        </h2>
        {coming.length > 0 ? (
          <ul className={css.list}>
            {coming.map((coin) => (
              <li key={coin.id} className={css.item} data-testid="coming-coin">
                {coin.image ? (
                  <Link to={`/products/${coin.slug}`} tabIndex={-1} aria-hidden="true" className={css.itemImage}>
                    <CoinImage image={coin.image} sizes="120px" />
                  </Link>
                ) : null}
                <Link to={`/products/${coin.slug}`} className={css.itemName}>
                  {coin.name}
                </Link>
                <div className={css.itemFacts}>
                  <LaunchFacts launch={coin.launch} coming testId="coming-facts" />
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p>Анонсированных монет сейчас нет.</p>
        )}
      </section>
      <section aria-labelledby="opened" className={css.section} data-testid="new-coins">
        <h2 id="opened" className={css.heading}>
          Новинки
        </h2>
        {opened.length > 0 ? (
          <ul className={grid}>
            {opened.map((item) => (
              <li key={item.id}>
                <ProductCard product={item} returnTo="/new-issues" />
              </li>
            ))}
          </ul>
        ) : (
          <p>
            За последний месяц новых монет не было. <Link to="/catalog">Весь каталог</Link>
          </p>
        )}
      </section>
    </>
  );
}
