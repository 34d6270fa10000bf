import { isRouteErrorResponse } from "react-router";
import { accessTexts } from "#app/modules/staff/access.ts";
import { AdminFrame } from "./AdminFrame.tsx";
import * as css from "./admin.css.ts";

/** An error under /admin, in the back office's frame: 403 for a role without the right, else not found or a failure. */
export function AdminError({ error }: { error: unknown }) {
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
