import { Link } from "react-router";
import { buyerHoldings } from "#app/modules/orders/holdings.server.ts";
import { accountUser } from "#app/modules/auth/require-user.server.ts";
import { getQuotesService } from "#app/modules/quotes/quotes.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { formatMoney, formatNumber } from "#app/modules/shared/format.ts";
import * as table from "#app/ui/checkout/checkout.css.ts";
import type { ReviewStatus } from "#app/modules/db/column-values.ts";
import { reviewStatusLabels } from "#app/modules/reviews/review-words.ts";
import { reviewsOfCoins } from "#app/modules/reviews/reviews.server.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import * as css from "./my.css.ts";
import type { Route } from "./+types/coins";

export async function loader({ context }: Route.LoaderArgs) {
  const user = accountUser(context);
  const rates = (await getQuotesService()).rates();
  const { db } = context.get(databaseContext);
  const holdings = await buyerHoldings(db, user.id, rates);
  const reviews = await reviewsOfCoins(
    db,
    user.id,
    holdings.lines.map((line) => line.productId),
  );
  return { holdings, reviews: Object.fromEntries(reviews) };
}

export const meta = () => [...pageMeta({ title: "Мои монеты" }), { name: "robots", content: "noindex" }];

const money = (value: number | null) => (value === null ? "—" : formatMoney(value));

function Gain({ gain, percent }: { gain: number | null; percent: number | null }) {
  if (gain === null || percent === null) return <>—</>;
  const sign = gain > 0 ? "+" : gain < 0 ? "−" : "";
  return (
    <span className={gain < 0 ? css.loss : gain > 0 ? css.gain : undefined}>
      {sign}
      {formatMoney(Math.abs(gain))} ({sign}
      {formatNumber(Math.abs(percent), 1)} %)
    </span>
  );
}

/** The coin's review from its holder: «Оставить отзыв», or theirs and where it stands. */
function ReviewLink({ slug, review }: { slug: string; review: { rating: number; status: ReviewStatus } | undefined }) {
  return (
    <Link to={`/my/reviews/${slug}`} className={css.note} data-testid="review-link">
      {review ? `Ваш отзыв: ${review.rating} из 5, ${reviewStatusLabels[review.status].toLowerCase()}` : "Оставить отзыв"}
    </Link>
  );
}

export default function Coins({ loaderData }: Route.ComponentProps) {
  const { holdings, reviews } = loaderData;
  return (
    <>
      <PageHeader
        title="Мои монеты"
        crumbs={[
          { name: "Личный кабинет", href: "/my" },
          { name: "Мои монеты", href: "/my/coins" },
        ]}
      />
      {holdings.lines.length === 0 ? (
        <p>
          Здесь появятся монеты из ваших выполненных заказов: сколько вы заплатили и сколько они стоят сегодня. <Link to="/catalog">Перейти в каталог</Link>
        </p>
      ) : (
        <>
          <div className={css.tableWrap}>
            <table className={`${table.table} ${css.holdingsTable}`} data-testid="holdings">
              <thead>
                <tr>
                  <th className={table.cell}>Монета</th>
                  <th className={table.numberCell}>Шт.</th>
                  <th className={table.numberCell}>Заплачено</th>
                  <th className={table.numberCell}>Цена сегодня</th>
                  <th className={table.numberCell}>Выкуп сегодня</th>
                  <th className={table.numberCell}>Доход / убыток</th>
                </tr>
              </thead>
              <tbody>
                {holdings.lines.map((line) => (
                  <tr key={line.productId} data-testid="holding" data-product-id={line.productId}>
                    <td className={table.cell}>
                      {line.slug ? (
                        <>
                          <Link to={`/products/${line.slug}`}>{line.name}</Link>
                          <br />
                          <ReviewLink slug={line.slug} review={reviews[line.productId]} />
                        </>
                      ) : (
                        line.name
                      )}
                    </td>
                    <td className={table.numberCell} data-label="Штук">
                      {line.quantity}
                    </td>
                    <td className={table.numberCell} data-testid="paid" data-label="Заплачено">
                      {money(line.paid)}
                    </td>
                    <td className={table.numberCell} data-testid="price-today" data-label="Цена сегодня">
                      {money(line.price)}
                    </td>
                    <td className={table.numberCell} data-testid="buyback-today" data-label="Выкуп сегодня">
                      {money(line.buyback)}
                    </td>
                    <td className={table.numberCell} data-testid="gain" data-label="Доход / убыток">
                      <Gain gain={line.gain} percent={line.gainPercent} />
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr data-testid="holdings-total">
                  <th className={table.cell} scope="row" colSpan={2}>
                    Итого
                  </th>
                  <td className={table.numberCell} data-label="Заплачено">
                    {money(holdings.paid)}
                  </td>
                  <td className={table.numberCell} />
                  <td className={table.numberCell} data-testid="buyback-total" data-label="Выкуп сегодня">
                    {money(holdings.buybackValue)}
                  </td>
                  <td className={table.numberCell} data-testid="gain-total" data-label="Доход / убыток">
                    <Gain gain={holdings.gain} percent={holdings.gainPercent} />
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
          <p className={css.note}>
            Доход или убыток считается от цены выкупа: это сумма, которую магазин заплатит за монеты сегодня. Цена и выкуп за одну монету, по текущим
            котировкам.
          </p>
        </>
      )}
    </>
  );
}
