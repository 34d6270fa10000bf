import { Suspense } from "react";
import { vatNotice } from "#app/modules/tax/vat.ts";
import { Await, Link } from "react-router";
import { findProductBySlug, pricingRule, relatedProducts, toDetails } from "#app/modules/catalog/products.server.ts";
import { isCoinSlug } from "#app/modules/catalog/slug.ts";
import { activePromotions } from "#app/modules/content/promotions.server.ts";
import { discountedPrice, matchesCoin, tierTable } from "#app/modules/pricing/discounts.ts";
import { parseHistoryRange, historyRanges } from "#app/modules/catalog/price-history.ts";
import { coinPriceChart } from "#app/modules/catalog/price-history.server.ts";
import { getConfig } from "#app/modules/config/config.server.ts";
import { formatDay as formatDate } from "#app/modules/content/dates.ts";
import { ipxUrl } from "#app/modules/images/image-url.ts";
import { addDays, moscowDate } from "#app/modules/quotes/calendar.ts";
import { getQuotesService } from "#app/modules/quotes/quotes.server.ts";
import { databaseContext, userContext } from "#app/modules/request/context.ts";
import { listAlerts } from "#app/modules/alerts/alerts.server.ts";
import { loginHref } from "#app/modules/auth/login-href.ts";
import { productJsonLd } from "#app/modules/seo/product-json-ld.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { formatDateTime, formatFineness, formatGrams, formatMillimetres, formatMoney, formatNumber } from "#app/modules/shared/format.ts";
import { invalidPage, pageNotFound } from "#app/modules/shared/not-found.ts";
import { handledWhenUnused } from "#app/modules/shared/streamed.ts";
import { ListForm, listFetcherKey } from "#app/ui/catalog/ListForm.tsx";
import { CartAddButton, ProductActions } from "#app/ui/catalog/ProductActions.tsx";
import { ProductCard } from "#app/ui/catalog/ProductCard.tsx";
import { grid } from "#app/ui/catalog/catalog.css.ts";
import { metalNames, weightAndFineness } from "#app/ui/catalog/format-product.ts";
import { CoinImage } from "#app/ui/kit/CoinImage.tsx";
import { JsonLd } from "#app/ui/kit/JsonLd.tsx";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import { ChartRangeLinks, PriceChart } from "#app/ui/kit/PriceChart.tsx";
import { AlertForms } from "#app/ui/catalog/AlertForms.tsx";
import { LaunchFacts } from "#app/ui/catalog/LaunchFacts.tsx";
import { LaunchSubscribe } from "#app/ui/catalog/LaunchSubscribe.tsx";
import { launchSubscriptionsOf } from "#app/modules/launches/subscriptions.server.ts";
import { preorderLimit, waitingPreorderOf } from "#app/modules/preorders/preorders.server.ts";
import { PreorderForm } from "#app/ui/catalog/PreorderForm.tsx";
import { telegramLinkOf } from "#app/modules/notifications/telegram-links.server.ts";
import { isComing, type LaunchInfo } from "#app/modules/launches/launch.ts";
import { publishedReviews } from "#app/modules/reviews/reviews.server.ts";
import { moscowToday } from "#app/modules/content/dates.ts";
import { CoinReviews } from "#app/ui/reviews/CoinReviews.tsx";
import * as css from "./product.css.ts";
import type { Route } from "./+types/product";

const REVIEWS_ON_COIN_PAGE = 10;

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { pathname } = url;
  // The page's validation hook (spec section 5): a malformed address is not a product.
  if (!isCoinSlug(params.slug)) invalidPage(pathname);
  const { db } = context.get(databaseContext);
  const row = await findProductBySlug(db, params.slug);
  if (!row) pageNotFound(pathname);

  const quotes = await getQuotesService();
  const rates = quotes.rates();
  const product = toDetails(row, rates);
  const range = parseHistoryRange(url.searchParams.get("range"));
  const user = context.get(userContext);
  const { publicUrl } = getConfig();
  const coming = isComing(row.salesOpenAt);
  // What buying more saves: the coin's quantity tiers and the
  // running promotions for it, priced by the rules the cart and the order apply.
  const rule = pricingRule(row);
  const priced = rule.kind === "fixed" || rates !== null;
  const pricingRates = rates ?? { gold: 0, silver: 0 };
  const promotions = priced && rule.kind === "metal" ? await activePromotions(db) : [];
  return {
    product,
    tiers: priced ? tierTable(row, rule, row.quantityTiers, pricingRates) : [],
    promotions: promotions.flatMap((promotion) =>
      promotion.rule.kind === "premium-discount" && matchesCoin(promotion.rule.coins, row)
        ? [
            {
              id: promotion.id,
              title: promotion.title,
              minQuantity: promotion.rule.minQuantity,
              price: discountedPrice(row, rule, pricingRates, promotion.rule.premiumPoints),
            },
          ]
        : [],
    ),
    active: row.status === "active",
    // Decided at render: the shared page cache keys pages by the latest opening moment passed (decision 056).
    coming,
    launchSubscriptions: coming && user ? await launchSubscriptionsOf(db, user.id, row.id) : [],
    launchByTelegram: coming && user ? (await telegramLinkOf(db, user.id)) !== undefined : false,
    // Pre-orders where staff allow them (decision 062): the most one buyer may ask for and their place, if any.
    preorder:
      coming && row.preordersAllowed ? { maxQuantity: preorderLimit(row), mine: user ? ((await waitingPreorderOf(db, user.id, row.id)) ?? null) : null } : null,
    launch: {
      salesOpenAt: row.salesOpenAt?.toISOString() ?? null,
      issueDate: row.issueDate,
      mintage: row.mintage,
      expectedPrice: row.expectedPrice,
      buyerCap: row.buyerCap,
    } satisfies LaunchInfo,
    quotesTime: quotes.current()?.time.toISOString() ?? null,
    url: `${publicUrl}/products/${product.slug}`,
    imageUrls: product.images.map((image) => `${publicUrl}${ipxUrl(image.src, { width: 800, format: "jpeg" })}`),
    // A price that follows the metal is promised until tomorrow at most.
    priceValidUntil: addDays(moscowDate(new Date()), 1),
    // 'НДС не облагается' or 'Цена включает НДС 22 %': the coin's treatment at today's rate.
    vatNotice: vatNotice(product.vat),
    range,
    chart: await coinPriceChart(row, range),
    alerts: {
      signedIn: user !== null && user !== undefined,
      hasEmail: !!user?.email,
      loginHref: loginHref(`${pathname}#alerts`),
      list: user ? (await listAlerts(db, user.id, row.id)).map(({ id, kind, threshold, channel }) => ({ id, kind, threshold, channel })) : [],
    },
    // The newest published reviews; the rest on their own page. No query for a coin without any.
    reviews: (row.reviewCount > 0 ? await publishedReviews(db, row.id, { limit: REVIEWS_ON_COIN_PAGE }) : []).map((review) => ({
      id: review.id,
      rating: review.rating,
      text: review.text,
      authorName: review.authorName,
      createdAt: review.createdAt.toISOString(),
      day: moscowToday(review.createdAt),
    })),
    // Streamed after the main content: the page does not wait for it.
    related: handledWhenUnused(relatedProducts(db, row, rates, 8)),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { product, url, imageUrls } = loaderData;
  const price = product.price !== null ? `${formatMoney(product.price)}, ` : "";
  return [
    ...pageMeta({
      title: product.name,
      description: `${product.name}: ${price}${weightAndFineness(product)}, ${product.country}. ${product.inStock ? "В наличии" : "Нет в наличии"}, доставка по России.`,
    }),
    { property: "og:type", content: "product" },
    { property: "og:url", content: url },
    ...(imageUrls[0] ? [{ property: "og:image", content: imageUrls[0] }] : []),
    ...(product.price !== null
      ? [
          { property: "product:price:amount", content: String(product.price) },
          { property: "product:price:currency", content: "RUB" },
        ]
      : []),
  ];
}

export default function Product({ loaderData }: Route.ComponentProps) {
  const {
    product,
    active,
    coming,
    launch,
    launchSubscriptions,
    quotesTime,
    related,
    tiers,
    promotions,
    vatNotice: vatText,
    chart,
    range,
    alerts,
    reviews,
  } = loaderData;
  const href = `/products/${product.slug}`;
  const sectionHref = product.metal === "gold" ? "/catalog/gold" : "/catalog/silver";
  const canBuy = active && !coming && product.inStock && product.price !== null;

  const characteristics: [string, string | null][] = [
    ["Металл", metalNames[product.metal]],
    ["Проба", formatFineness(product.fineness)],
    ["Вес чистого металла", `${formatGrams(product.pureGrams)} г (${formatNumber(product.pureOunces, 3)} тр. унции)`],
    ["Общий вес", `${formatGrams(product.totalGrams)} г`],
    ["Номинал", product.denomination],
    ["Тип", product.kind === "investment" ? "Инвестиционная" : "Памятная"],
    ["Серия", product.series || null],
    ["Страна", product.country],
    ["Эмитент", product.issuer],
    ["Монетный двор", product.mint],
    ["Годы выпуска", product.years || null],
    ["Диаметр", product.diameterMm !== null ? `${formatMillimetres(product.diameterMm)} мм` : null],
    ["Качество", product.quality],
    ["Тираж", product.mintage !== null ? `${product.mintage.toLocaleString("ru-RU")} шт.` : null],
    ["Упаковка", product.packaging],
    ["Сертификат", product.certificate],
    ["НДС", product.vat === "exempt" ? "Не облагается (пп. 11 п. 2 ст. 149 НК РФ)" : vatText.replace(/^Цена включает /, "Включён в цену: ")],
    ["Артикул", product.sku],
  ];

  return (
    <div className={css.page}>
      <PageHeader
        title={product.name}
        crumbs={[
          { name: "Каталог", href: "/catalog" },
          { name: metalNames[product.metal], href: sectionHref },
          { name: product.name, href },
        ]}
      />
      <JsonLd data={productJsonLd(product, loaderData)} />
      <div className={css.layout}>
        <section aria-label="Фотографии" className={css.gallery}>
          {/* Focusable: the strip scrolls sideways, and a keyboard must be able to scroll it too. A group, not a
              <fieldset>, which would bring a border and padding. */}
          {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex, jsx-a11y/prefer-tag-over-role -- see above */}
          <div className={css.slides} tabIndex={0} role="group" aria-label="Фотографии монеты, листаются вбок">
            {product.images.map((image, index) => (
              <figure key={image.src} id={`photo-${index + 1}`} className={css.slide}>
                <CoinImage image={image} sizes="(min-width: 1024px) 560px, min(14rem, 42vw)" priority={index === 0} />
              </figure>
            ))}
          </div>
          {product.images.length > 1 ? (
            <nav aria-label="Фото" className={css.thumbs}>
              {product.images.map((image, index) => (
                <a key={image.src} href={`#photo-${index + 1}`} className={css.thumb}>
                  <CoinImage image={image} sizes="80px" />
                </a>
              ))}
            </nav>
          ) : null}
        </section>

        <section aria-label="Цена и покупка" className={css.buy}>
          {/* Before the opening the announcement speaks of the price («Ожидаемая цена»); today's figures would contradict it. */}
          {coming ? null : (
            <>
              <p className={css.price} data-testid="price">
                {product.price !== null ? formatMoney(product.price) : "Цена уточняется"}
              </p>
              {product.price !== null ? (
                <p className={css.vatNotice} data-testid="vat-notice">
                  {vatText}
                </p>
              ) : null}
              {product.price !== null && product.pricePerGram !== null ? (
                <ul className={css.priceFacts}>
                  {product.premiumPercent !== null ? (
                    <li>
                      Наценка к стоимости металла: <strong>{formatNumber(product.premiumPercent, 1)} %</strong>
                    </li>
                  ) : null}
                  <li>
                    Цена грамма чистого металла: <strong>{formatMoney(product.pricePerGram, 2)}</strong>
                  </li>
                  {product.buybackPrice !== null ? (
                    <li>
                      Выкупим у вас за <strong>{formatMoney(product.buybackPrice)}</strong> (<Link to="/coin-buyback">скупка</Link>)
                    </li>
                  ) : null}
                  {product.value?.spreadPercent != null ? (
                    <li data-testid="spread">
                      Спред (продажа − выкуп): <strong>{formatNumber(product.value.spreadPercent, 1)} %</strong>
                    </li>
                  ) : null}
                </ul>
              ) : null}
              {tiers.length > 0 || promotions.length > 0 ? (
                <div className={css.tiers} data-testid="quantity-prices">
                  {tiers.length > 0 ? (
                    <>
                      <p className={css.tiersTitle}>Дешевле от нескольких штук</p>
                      <ul className={css.priceFacts} data-testid="quantity-tiers">
                        {tiers.map((tier) => (
                          <li key={tier.minQuantity}>
                            от {tier.minQuantity} шт. — <strong>{formatMoney(tier.price)}/шт.</strong>
                          </li>
                        ))}
                      </ul>
                    </>
                  ) : null}
                  {promotions.map((promotion) => (
                    <p key={promotion.id} data-testid="product-promotion">
                      <Link to={`/promo/${promotion.id}`}>Акция: {promotion.title}</Link> — от {promotion.minQuantity} шт.{" "}
                      <strong>{formatMoney(promotion.price)}/шт.</strong>
                    </p>
                  ))}
                  {tiers.length > 0 && promotions.length > 0 ? (
                    <p className={css.tiersNote}>Скидки не суммируются: в корзине действует самая выгодная.</p>
                  ) : null}
                </div>
              ) : null}
            </>
          )}
          {active ? <LaunchFacts launch={launch} coming={coming} /> : null}
          {active && coming ? (
            <LaunchSubscribe
              signedIn={alerts.signedIn}
              hasEmail={alerts.hasEmail}
              hasTelegram={loaderData.launchByTelegram}
              loginHref={loginHref(`${href}#launch`)}
              productId={product.id}
              returnTo={href}
              subscribed={launchSubscriptions}
            />
          ) : null}
          {active && coming && loaderData.preorder && launch.salesOpenAt ? (
            <PreorderForm
              signedIn={alerts.signedIn}
              loginHref={loginHref(`${href}#preorder`)}
              productId={product.id}
              returnTo={href}
              salesOpenAt={launch.salesOpenAt}
              expectedPrice={launch.expectedPrice}
              maxQuantity={loaderData.preorder.maxQuantity}
              mine={loaderData.preorder.mine ? { quantity: loaderData.preorder.mine.quantity, place: loaderData.preorder.mine.place } : null}
            />
          ) : null}
          {coming ? null : (
            <p className={product.inStock && active ? css.available : css.unavailable}>
              {!active ? "Снята с продажи" : product.inStock ? `В наличии: ${product.stock} шт.` : "Нет в наличии"}
            </p>
          )}
          {canBuy ? (
            <ListForm action="/cart" fetcherKey={listFetcherKey("cart", `product-${product.id}`)} className={css.buyForm}>
              <input type="hidden" name="intent" value="add" />
              <input type="hidden" name="productId" value={product.id} />
              <input type="hidden" name="redirectTo" value={href} />
              <label className={css.quantity}>
                Количество
                <input
                  type="number"
                  name="quantity"
                  min={1}
                  max={Math.min(product.stock, launch.buyerCap ?? product.stock)}
                  step={1}
                  defaultValue={1}
                  inputMode="numeric"
                  className={css.quantityInput}
                />
              </label>
              <CartAddButton productId={product.id} fetcherKey={listFetcherKey("cart", `product-${product.id}`)} className={css.buyButton} />
            </ListForm>
          ) : null}
          <ProductActions productId={product.id} productName={product.name} inStock={canBuy} returnTo={href} withCart={false} />
          {product.pricing === "metal" && quotesTime && !coming ? (
            <p className={css.note}>
              Цена следует за котировками металла; обновлено {formatDateTime(quotesTime)} МСК. В заказе фиксируется цена на момент оформления.
            </p>
          ) : null}
        </section>
      </div>

      {/* The rest of the page, with the buy bar at its end: sticky at the bottom edge, it shows
          once the buyer has scrolled past the price and stays until the page ends (CSS only). */}
      <div className={css.rest}>
        <section aria-labelledby="characteristics" className={css.section}>
          <h2 id="characteristics" className={css.heading}>
            Характеристики
          </h2>
          <dl className={css.characteristics}>
            {characteristics
              .filter((entry): entry is [string, string] => entry[1] !== null)
              .map(([name, value]) => (
                <div key={name} className={css.row}>
                  <dt>{name}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
          {product.description ? <p className={css.description}>{product.description}</p> : null}
        </section>

        {chart ? (
          <section aria-labelledby="history-title" id="history" className={css.section} data-testid="price-history">
            <h2 id="history-title" className={css.heading}>
              История цены
            </h2>
            <ChartRangeLinks ranges={historyRanges} current={range} label="Период истории цены" hash="#history" />
            <PriceChart
              chart={chart.geometry}
              title={`Цена монеты «${product.name}» за ${historyRanges.find((r) => r.id === range)!.label.toLowerCase()}`}
              marks={{ min: `мин. ${formatMoney(chart.min.value)}`, max: `макс. ${formatMoney(chart.max.value)}` }}
              summary={`Сплошная линия — цена продажи, пунктир — цена выкупа. Минимум ${formatMoney(chart.min.value)} (${formatDate(chart.min.date)}), максимум ${formatMoney(chart.max.value)} (${formatDate(chart.max.date)}), на ${formatDate(chart.last.date)} — ${formatMoney(chart.last.value)}, выкуп ${formatMoney(chart.lastBuyback.value)}. Рассчитано по котировкам металла и нынешней наценке монеты.`}
            />
          </section>
        ) : null}

        <CoinReviews slug={product.slug} rating={product.rating} reviews={reviews} allHref={`${href}/reviews`} />

        {active ? (
          <AlertForms
            signedIn={alerts.signedIn}
            hasEmail={alerts.hasEmail}
            loginHref={alerts.loginHref}
            productId={product.id}
            returnTo={href}
            price={product.price}
            inStock={product.inStock}
            alerts={alerts.list}
          />
        ) : null}

        <section aria-labelledby="related" className={css.section}>
          <h2 id="related" className={css.heading}>
            Похожие монеты
          </h2>
          <Suspense
            fallback={
              <p className={css.note}>
                Подбираем похожие монеты… Их можно найти и в разделе <Link to={sectionHref}>{metalNames[product.metal].toLowerCase()}</Link>.
              </p>
            }
          >
            <Await resolve={related} errorElement={<p className={css.note}>Не удалось загрузить похожие монеты.</p>}>
              {(items) => (
                <ul className={grid}>
                  {items.map((item) => (
                    <li key={item.id}>
                      <ProductCard product={item} returnTo={href} />
                    </li>
                  ))}
                </ul>
              )}
            </Await>
          </Suspense>
        </section>
        {canBuy ? (
          <aside aria-label="Быстрая покупка" className={css.buyBar} data-testid="buy-bar">
            <span className={css.buyBarPrice}>{formatMoney(product.price!)}</span>
            <ListForm action="/cart" fetcherKey={listFetcherKey("cart", `product-${product.id}`)} className={css.buyBarForm}>
              <input type="hidden" name="intent" value="add" />
              <input type="hidden" name="productId" value={product.id} />
              <input type="hidden" name="quantity" value="1" />
              <input type="hidden" name="redirectTo" value={href} />
              <button type="submit" className={css.buyButton}>
                В корзину
              </button>
            </ListForm>
          </aside>
        ) : null}
      </div>
    </div>
  );
}
