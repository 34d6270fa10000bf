import { Link } from "react-router";
import { featuredProducts } from "#app/modules/catalog/products.server.ts";
import { getQuotesService } from "#app/modules/quotes/quotes.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { shop } from "#app/modules/shop/contacts.ts";
import { ProductCard } from "#app/ui/catalog/ProductCard.tsx";
import { grid } from "#app/ui/catalog/catalog.css.ts";
import * as css from "./home.css.ts";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  return { featured: await featuredProducts(db, (await getQuotesService()).rates(), 8) };
}

export const meta = () =>
  pageMeta({
    title: shop.name,
    description: "Инвестиционные и памятные монеты из золота и серебра по ценам, привязанным к котировкам металла. Бесплатная доставка до пункта выдачи, выкуп монет.",
  });

const sections = [
  { name: "Золотые монеты", href: "/catalog/gold" },
  { name: "Серебряные монеты", href: "/catalog/silver" },
  { name: "Инвестиционные", href: "/catalog/bullion-coins" },
  { name: "Памятные", href: "/catalog/memorable-coins" },
  { name: "Георгий Победоносец", href: "/catalog/gold/monety-georgiy-pobedonosec" },
  { name: "Сеятель", href: "/catalog/gold/monety-seyatel" },
];

const reasons = [
  { title: "Честная цена", text: "Цена каждой монеты считается от биржевой стоимости металла и обновляется вместе с котировками. Наценка видна на странице монеты." },
  { title: "Бесплатная доставка", text: "До ближайшего пункта выдачи СДЭК при заказе на сайте; курьером — по Москве и в крупные города." },
  { title: "Подлинность", text: "Монеты Банка России и ведущих монетных дворов мира в оригинальной упаковке, с сертификатами для памятных выпусков." },
  { title: "Выкуп", text: "Покупаем монеты обратно по цене от котировок металла: оценка при вас, оплата сразу." },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className={css.hero} aria-labelledby="home-title">
        <h1 id="home-title" className={css.title}>
          {shop.tagline}
        </h1>
        <p className={css.lead}>Покупайте золото и серебро в монетах: цены по текущим котировкам, доставка по всей России, выкуп по биржевой цене металла.</p>
        <nav aria-label="Разделы каталога" className={css.sections}>
          {sections.map((section) => (
            <Link key={section.href} to={section.href} className={css.section}>
              {section.name}
            </Link>
          ))}
        </nav>
      </section>

      <section aria-labelledby="featured">
        <h2 id="featured" className={css.heading}>
          Популярные монеты
        </h2>
        <ul className={grid}>
          {loaderData.featured.map((product, index) => (
            <li key={product.id}>
              <ProductCard product={product} returnTo="/" priority={index < 2} />
            </li>
          ))}
        </ul>
        <p>
          <Link to="/catalog">Весь каталог →</Link>
        </p>
      </section>

      <section aria-labelledby="why" className={css.reasonsSection}>
        <h2 id="why" className={css.heading}>
          Почему покупают у нас
        </h2>
        <ul className={css.reasons}>
          {reasons.map((reason) => (
            <li key={reason.title} className={css.reason}>
              <h3 className={css.reasonTitle}>{reason.title}</h3>
              <p>{reason.text}</p>
            </li>
          ))}
        </ul>
        <p>
          <Link to="/quotes-online">Котировки и графики цен</Link> · <Link to="/coin-buyback">Скупка монет</Link> · <Link to="/how-to-buy">Как купить</Link>
        </p>
      </section>
    </>
  );
}
