import { pageMeta } from "#app/modules/seo/meta.ts";
import { shop } from "#app/modules/shop/contacts.ts";
import { pageTitle } from "#app/ui/kit/kit.css.ts";

export const meta = () =>
  pageMeta({
    title: shop.name,
    description: "Инвестиционные и памятные монеты из золота и серебра по ценам, привязанным к котировкам металла. Бесплатная доставка до пункта выдачи.",
  });

export default function Home() {
  return <h1 className={pageTitle}>{shop.tagline}</h1>;
}
