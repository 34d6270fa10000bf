import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { flashContext } from "#app/modules/request/context.ts";
import { formatPhone } from "#app/modules/phone/phone.ts";
import { menuFor } from "#app/modules/staff/access.ts";
import { staffContext } from "#app/modules/staff/context.ts";
import { adminMeta } from "#app/modules/admin/meta.ts";
import { staffAccessMiddleware } from "#app/modules/staff/middleware.server.ts";
import { staffRoleLabels } from "#app/modules/staff/roles.ts";
import { AdminFrame } from "#app/ui/admin/AdminFrame.tsx";
import type { Route } from "./+types/layout";

/** Every /admin page but the sign-in: a staff session, then the role checked against adminRouteRoles. */
export const middleware: Route.MiddlewareFunction[] = [staffAccessMiddleware];

export const meta = () => adminMeta("Управление");

export function loader({ context }: Route.LoaderArgs) {
  const member = context.get(staffContext);
  return {
    menu: menuFor(member.role),
    who: `${member.name || formatPhone(member.phone)} · ${staffRoleLabels[member.role]}`,
    flash: context.get(flashContext),
  };
}

/**
 * A form refused on the page (4xx) does not read the layout again by default, so the notice of the
 * change before it stayed beside the refusal; after any post the notice shown is the current one.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" || defaultShouldRevalidate;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame menu={loaderData.menu} who={loaderData.who} flash={loaderData.flash}>
      <Outlet />
    </AdminFrame>
  );
}
