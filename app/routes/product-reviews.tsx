import { Link } from "react-router";
import { findProductBySlug, coinRating } from "#app/modules/catalog/products.server.ts";
import { isCoinSlug } from "#app/modules/catalog/slug.ts";
import { moscowToday } from "#app/modules/content/dates.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { publishedReviews } from "#app/modules/reviews/reviews.server.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { invalidPage, pageNotFound, parsePageNumber } from "#app/modules/shared/not-found.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import { Pagination } from "#app/ui/kit/Pagination.tsx";
import { RatingSummary } from "#app/ui/reviews/CoinReviews.tsx";
import { ReviewList } from "#app/ui/reviews/ReviewList.tsx";
import type { Route } from "./+types/product-reviews";

const REVIEWS_PER_PAGE = 20;

/** Every published review of a coin, newest first, twenty a page (`?page=2`…). */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { pathname } = url;
  if (!isCoinSlug(params.slug)) invalidPage(pathname);
  const page = parsePageNumber(url.searchParams.get("page") ?? undefined, pathname);
  const { db } = context.get(databaseContext);
  const coin = await findProductBySlug(db, params.slug);
  if (!coin) pageNotFound(pathname);
  const rating = coinRating(coin);
  const pageCount = Math.max(1, Math.ceil((rating?.count ?? 0) / REVIEWS_PER_PAGE));
  if (page > pageCount) pageNotFound(pathname);
  const reviews = await publishedReviews(db, coin.id, { limit: REVIEWS_PER_PAGE, offset: (page - 1) * REVIEWS_PER_PAGE });
  return {
    coin: { name: coin.name, slug: coin.slug },
    rating,
    page,
    pageCount,
    reviews: reviews.map((review) => ({ ...review, createdAt: review.createdAt.toISOString(), day: moscowToday(review.createdAt) })),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  loaderData
    ? pageMeta({
        title: `Отзывы о монете ${loaderData.coin.name}${loaderData.page > 1 ? `, страница ${loaderData.page}` : ""}`,
        description: loaderData.rating
          ? `Покупатели оценили монету «${loaderData.coin.name}» в среднем на ${String(loaderData.rating.average).replace(".", ",")} из 5.`
          : `Отзывы покупателей о монете «${loaderData.coin.name}».`,
      })
    : [];

export default function ProductReviews({ loaderData }: Route.ComponentProps) {
  const { coin, rating, page, pageCount, reviews } = loaderData;
  const coinHref = `/products/${coin.slug}`;
  const href = `${coinHref}/reviews`;
  return (
    <>
      <PageHeader
        title={`Отзывы: ${coin.name}`}
        crumbs={[
          { name: "Каталог", href: "/catalog" },
          { name: coin.name, href: coinHref },
          { name: "Отзывы", href },
        ]}
      />
      {rating ? <RatingSummary rating={rating} /> : <p>Отзывов пока нет.</p>}
      <ReviewList reviews={reviews} />
      <Pagination page={page} pageCount={pageCount} hrefFor={(to) => (to === 1 ? href : `${href}?page=${to}`)} />
      <p>
        <Link to={coinHref}>К монете</Link> · Отзыв может оставить покупатель, получивший эту монету:{" "}
        <Link to={`/my/reviews/${coin.slug}`}>написать отзыв</Link>
      </p>
    </>
  );
}
