import { Outlet, useRouteError } from "react-router";
import { adminMeta } from "#app/modules/admin/meta.ts";
import { noindexMiddleware } from "#app/modules/staff/middleware.server.ts";
import { AdminError } from "#app/ui/admin/AdminError.tsx";
import type { Route } from "./+types/frame";

/** Everything under /admin, the sign-in included: never indexed, and errors shown in the back office's frame. */
export const middleware: Route.MiddlewareFunction[] = [noindexMiddleware];

export const meta = () => adminMeta("Управление");

export default function AdminRoot() {
  return <Outlet />;
}

/** Errors of the back office's loaders (an order not found) in its frame; the role check's 403 reaches the root's boundary, which hands /admin to the same view. */
export function ErrorBoundary() {
  return <AdminError error={useRouteError()} />;
}
