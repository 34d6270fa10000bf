import { isRouteErrorResponse } from "react-router";
import { accessTexts } from "#app/modules/staff/access.ts";
import { adminErrorClass as css, adminErrorSheet } from "./admin-error-sheet.css.ts";

/**
 * An error under /admin: 403 for a role without the right, else not found or a failure. Styled by
 * its own few rules, not by admin.css (admin-error-sheet.css.ts says why).
 */
export function AdminError({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 403 ? accessTexts.forbiddenTitle : status === 404 ? "Не найдено" : "Что-то пошло не так";
  const message = status === 403 ? accessTexts.forbiddenMessage : status === 404 ? "Такой страницы или записи нет." : "Попробуйте ещё раз через минуту.";
  return (
    <>
      {/* React hoists it into <head>, once however many times it is rendered. */}
      <style href="admin-error" precedence="default">
        {adminErrorSheet}
      </style>
      <header className={css.header}>
        <a href="/admin" className={css.home}>
          Аурум · управление
        </a>
        <form method="post" action="/admin/logout" className={css["logout-form"]}>
          <button type="submit" className={css.logout}>
            Выйти
          </button>
        </form>
      </header>
      <main id="main" className={css.main}>
        <h1 data-testid="admin-error" className={css.title}>
          {title}
        </h1>
        <p>{message}</p>
        <p>
          <a href="/admin">На главную панели управления</a>
        </p>
      </main>
    </>
  );
}
