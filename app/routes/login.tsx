import { pageMeta } from "#app/modules/seo/meta.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";

export const meta = () => pageMeta({ title: "Вход или регистрация", description: "Вход в личный кабинет по номеру телефона и коду из SMS." });

export default function Page() {
  return <PageHeader title="Вход или регистрация" crumbs={[{ name: "Вход или регистрация", href: "/login" }]} />;
}
