import { pageMeta } from "#app/modules/seo/meta.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";

export const meta = () => pageMeta({ title: "Сравнение товаров", description: "Сравнение монет по характеристикам: металл, вес, проба, тираж, цена." });

export default function Page() {
  return <PageHeader title="Сравнение товаров" crumbs={[{ name: "Сравнение товаров", href: "/product-comparison" }]} />;
}
