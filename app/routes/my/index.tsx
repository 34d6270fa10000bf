import { pageMeta } from "#app/modules/seo/meta.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";

export const meta = () => pageMeta({ title: "Личный кабинет" });

export default function Account() {
  return <PageHeader title="Личный кабинет" crumbs={[{ name: "Личный кабинет", href: "/my" }]} />;
}
