import type { MetaDescriptor } from "react-router";
import { shop } from "../shop/contacts.ts";

/** Title and description of a page, as every route's `meta` returns them. */
export function pageMeta({ title, description }: { title: string; description?: string }): MetaDescriptor[] {
  const fullTitle = title === shop.name ? `${shop.name} — ${shop.tagline}` : `${title} — ${shop.name}`;
  return [
    { title: fullTitle },
    { name: "description", content: description ?? `${title}. ${shop.tagline}: цены по котировкам металла, бесплатная доставка до пункта выдачи.` },
    { property: "og:title", content: title },
    { property: "og:site_name", content: shop.name },
  ];
}

/** The canonical address of a page: PUBLIC_URL plus the path, never the query. */
export function canonicalUrl(publicUrl: string, pathname: string): string {
  return `${publicUrl}${pathname === "/" ? "/" : pathname.replace(/\/+$/, "")}`;
}

/** Spec section 2: any page with query parameters carries a noindex robots tag. */
export function shouldNoindex(search: string): boolean {
  return search.length > 1;
}
