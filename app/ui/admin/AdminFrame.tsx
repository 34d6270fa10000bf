import type { ReactNode } from "react";
import { Form, NavLink } from "react-router";
import { Notice } from "../kit/Notice.tsx";
import * as css from "./admin.css.ts";

export type AdminFrameProps = {
  menu: ReadonlyArray<{ path: string; name: string }>;
  who: string | null;
  flash: { kind: "success" | "error"; message: string } | null;
  children: ReactNode;
};

/** The back office's frame: the shop's name, the pages the role may open, who is signed in and 'Выйти'. */
export function AdminFrame({ menu, who, flash, children }: AdminFrameProps) {
  return (
    <>
      <header className={css.bar}>
        <div className={css.barInner}>
          <a href="/admin" className={css.brand}>
            Аурум · управление
          </a>
          {menu.length > 0 ? (
            <nav aria-label="Разделы">
              <ul className={css.menu}>
                {menu.map((item) => (
                  <li key={item.path}>
                    {/* The dashboard by a document load: its data request (/admin.data) is outside the staff cookies' Path=/admin. */}
                    <NavLink to={item.path} end={item.path === "/admin"} reloadDocument={item.path === "/admin"} className={css.menuLink}>
                      {item.name}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          {who ? (
            <>
              <span className={css.who} data-testid="staff-who">
                {who}
              </span>
              <Form method="post" action="/admin/logout">
                <button type="submit" className={css.logout}>
                  Выйти
                </button>
              </Form>
            </>
          ) : null}
        </div>
      </header>
      <main className={css.main} id="main">
        {flash ? <Notice kind={flash.kind} message={flash.message} /> : null}
        {children}
      </main>
    </>
  );
}
