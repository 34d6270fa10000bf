import { pageMeta } from "#app/modules/seo/meta.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";

export const meta = () => pageMeta({ title: "Котировки золота и серебра онлайн", description: "Цена золота и серебра сегодня: котировки Банка России и Московской биржи, курс доллара." });

export default function Page() {
  return <PageHeader title="Котировки золота и серебра онлайн" crumbs={[{ name: "Котировки золота и серебра онлайн", href: "/quotes-online" }]} />;
}
