import { isRouteErrorResponse } from "react-router";
import { accessTexts } from "#app/modules/staff/access.ts";
import { vars } from "../tokens/theme.css.ts";

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
      <header style={{ background: vars.color.headerBar, color: vars.color.onHeaderBar, padding: `${vars.space.sm} ${vars.layout.gutter}`, display: "flex", gap: vars.space.lg, alignItems: "center" }}>
        <a href="/admin" style={{ color: vars.color.goldLight, fontWeight: 700, textDecoration: "none" }}>
          Аурум · управление
        </a>
        <form method="post" action="/admin/logout" style={{ marginLeft: "auto" }}>
          <button type="submit" style={{ background: "none", border: `1px solid ${vars.color.silver}`, color: vars.color.onHeaderBar, borderRadius: vars.radius.sm, cursor: "pointer" }}>
            Выйти
          </button>
        </form>
      </header>
      <main id="main" style={{ maxWidth: vars.layout.maxWidth, margin: "0 auto", padding: `${vars.space.lg} ${vars.layout.gutter}` }}>
        <h1 data-testid="admin-error" style={{ fontSize: vars.font.sizeTitle, margin: `0 0 ${vars.space.md}` }}>
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
