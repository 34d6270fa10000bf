import { isRouteErrorResponse, Outlet, useRouteError } from "react-router";
import { flashContext } from "#app/modules/request/context.ts";
import { formatPhone } from "#app/modules/phone/phone.ts";
import { accessTexts, menuFor } from "#app/modules/staff/access.ts";
import { staffContext } from "#app/modules/staff/context.ts";
import { adminMeta } from "#app/modules/staff/meta.ts";
import { noindexMiddleware, staffAccessMiddleware } from "#app/modules/staff/middleware.server.ts";
import { staffRoleLabels } from "#app/modules/staff/roles.ts";
import { AdminFrame } from "#app/ui/admin/AdminFrame.tsx";
import * as css from "#app/ui/admin/admin.css.ts";
import type { Route } from "./+types/layout";

/** Every /admin page but the sign-in: a staff session, then the role checked against adminRouteRoles. */
export const middleware: Route.MiddlewareFunction[] = [noindexMiddleware, staffAccessMiddleware];

export const meta = () => adminMeta("Управление");

export function loader({ context }: Route.LoaderArgs) {
  const member = context.get(staffContext);
  return {
    menu: menuFor(member.role),
    who: `${member.name || formatPhone(member.phone)} · ${staffRoleLabels[member.role]}`,
    flash: context.get(flashContext),
  };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame menu={loaderData.menu} who={loaderData.who} flash={loaderData.flash}>
      <Outlet />
    </AdminFrame>
  );
}

/** A role without the right gets a Russian 403 page in the back office's frame; other errors likewise. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 403 ? accessTexts.forbiddenTitle : status === 404 ? "Не найдено" : "Что-то пошло не так";
  const message = status === 403 ? accessTexts.forbiddenMessage : status === 404 ? "Такой страницы или записи нет." : "Попробуйте ещё раз через минуту.";
  return (
    <AdminFrame menu={[{ path: "/admin", name: "Сводка" }]} who={null} flash={null}>
      <h1 className={css.title} data-testid="admin-error">
        {title}
      </h1>
      <p>{message}</p>
    </AdminFrame>
  );
}
