import { pageMeta } from "#app/modules/seo/meta.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";

export const meta = () => pageMeta({ title: "Изменить личные данные" });

export default function ProfileEdit() {
  return (
    <PageHeader
      title="Изменить личные данные"
      crumbs={[{ name: "Личный кабинет", href: "/my" }, { name: "Личные данные", href: "/my/profile" }, { name: "Изменить", href: "/my/profile/edit" }]}
    />
  );
}
