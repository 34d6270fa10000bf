import type { ReactNode } from "react";
import type { Crumb } from "#app/modules/shared/crumb.ts";
import { Breadcrumbs } from "./Breadcrumbs.tsx";
import { pageTitle } from "./kit.css.ts";

/** A page's breadcrumbs and its one h1. */
export function PageHeader({ title, crumbs, children }: { title: string; crumbs: Crumb[]; children?: ReactNode }) {
  return (
    <header>
      <Breadcrumbs items={crumbs} />
      <h1 className={pageTitle}>{title}</h1>
      {children}
    </header>
  );
}
