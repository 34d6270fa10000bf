import { isRouteErrorResponse } from "react-router";
import { accessTexts } from "#app/modules/staff/access.ts";
import { adminErrorStyles as styles } from "./admin-error.css.ts";

/**
 * An error under /admin: 403 for a role without the right, else not found or a failure. Styled
 * inline from the global tokens, not from admin.css: the role check's 403 is rendered by the
 * root's boundary, whose page links only the root's styles, and the storefront must not carry
 * the back office's stylesheet.
 */
export function AdminError({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 403 ? accessTexts.forbiddenTitle : status === 404 ? "Не найдено" : "Что-то пошло не так";
  const message = status === 403 ? accessTexts.forbiddenMessage : status === 404 ? "Такой страницы или записи нет." : "Попробуйте ещё раз через минуту.";
  return (
    <>
      <header style={styles.header}>
        <a href="/admin" style={styles.home}>
          Аурум · управление
        </a>
        <form method="post" action="/admin/logout" style={{ marginLeft: "auto" }}>
          <button type="submit" style={styles.logout}>
            Выйти
          </button>
        </form>
      </header>
      <main id="main" style={styles.main}>
        <h1 data-testid="admin-error" style={styles.title}>
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
