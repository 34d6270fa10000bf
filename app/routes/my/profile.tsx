import { pageMeta } from "#app/modules/seo/meta.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";

export const meta = () => pageMeta({ title: "Личные данные" });

export default function Profile() {
  return <PageHeader title="Личные данные" crumbs={[{ name: "Личный кабинет", href: "/my" }, { name: "Личные данные", href: "/my/profile" }]} />;
}
