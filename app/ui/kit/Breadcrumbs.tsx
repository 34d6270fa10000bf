import { Link } from "react-router";
import { breadcrumbsJsonLd } from "#app/modules/seo/json-ld.ts";
import type { Crumb } from "#app/modules/shared/crumb.ts";
import { usePublicUrl } from "../use-public-url.ts";
import { JsonLd } from "./JsonLd.tsx";
import { breadcrumbItem, breadcrumbList, breadcrumbs } from "./kit.css.ts";

export const homeCrumb: Crumb = { name: "Главная", href: "/" };

/** Breadcrumbs from the home page to the current one (the last item is not a link). */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const publicUrl = usePublicUrl();
  const all = [homeCrumb, ...items];
  return (
    <nav aria-label="Навигационная цепочка" className={breadcrumbs}>
      <ol className={breadcrumbList}>
        {all.map((crumb, index) => (
          <li key={crumb.href} className={breadcrumbItem}>
            {index === all.length - 1 ? <span aria-current="page">{crumb.name}</span> : <Link to={crumb.href}>{crumb.name}</Link>}
          </li>
        ))}
      </ol>
      {publicUrl ? <JsonLd data={breadcrumbsJsonLd(publicUrl, all)} /> : null}
    </nav>
  );
}
