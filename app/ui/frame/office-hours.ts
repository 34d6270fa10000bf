import { useRouteLoaderData } from "react-router";
import { DEFAULT_OFFICE_HOURS, officeClosedDays, type HoursRow, officeHoursRows, officeHoursText, type OfficeHours } from "#app/modules/config/office-hours.ts";

/**
 * The office's hours as staff set them (/admin/pickup), from the root loader: the footer, the phones
 * panel, /contacts and the order pages say the same hours the pickup slots follow. The error page,
 * which has no data, shows the spec's.
 */
export function useOfficeHours(): { rows: HoursRow[]; text: string; closed: string[] } {
  // Not typed by the root's loader: app/ui may not import a route (lint:deps); the root loader sets `officeHours`.
  const root = useRouteLoaderData("root") as { officeHours?: OfficeHours } | undefined;
  const hours: OfficeHours = root?.officeHours ?? DEFAULT_OFFICE_HOURS;
  return { rows: officeHoursRows(hours), text: officeHoursText(hours), closed: officeClosedDays(hours) };
}
