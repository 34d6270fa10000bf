import { exportControlCsv } from "#app/modules/admin/compliance-page.server.ts";
import type { Route } from "./+types/compliance-csv";

/** Orders under mandatory control (115-FZ) as CSV for Excel; the export is audited. */
export function loader({ context }: Route.LoaderArgs) {
  return exportControlCsv(context);
}
