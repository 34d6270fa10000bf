import { pageMeta } from "#app/modules/seo/meta.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";

export const meta = () => pageMeta({ title: "Обучение для начинающих", description: "Статьи для начинающих инвесторов: как выбрать монету, хранить её и продать." });

export default function Page() {
  return <PageHeader title="Обучение для начинающих" crumbs={[{ name: "Обучение для начинающих", href: "/training" }]} />;
}
