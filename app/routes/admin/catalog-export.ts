import { exportCatalogResponse } from "#app/modules/admin/catalog-page.server.ts";
import type { Route } from "./+types/catalog-export";

/** GET /admin/catalog/export: the catalogue file, as `npm run catalog -- export` writes it. */
export function loader({ context }: Route.LoaderArgs) {
  return exportCatalogResponse(context);
}
