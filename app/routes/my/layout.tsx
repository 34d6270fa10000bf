import { Form, NavLink, Outlet } from "react-router";
import { accountUser, requireUserMiddleware } from "#app/modules/auth/require-user.server.ts";
import { cabinetMenu } from "#app/modules/shop/navigation.ts";
import { formatPhone } from "#app/modules/phone/phone.ts";
import { fullNameOf } from "#app/modules/auth/profile.ts";
import * as css from "./my.css.ts";
import type { Route } from "./+types/layout";

/**
 * Every account page, form and download needs a signed-in buyer: checked once here, before
 * any loader or action below runs (an anonymous visitor goes to /login and comes back).
 */
export const middleware: Route.MiddlewareFunction[] = [requireUserMiddleware];

/** The menu of spec section 2 beside the page. */
export function loader({ context }: Route.LoaderArgs) {
  const user = accountUser(context);
  return { fullName: fullNameOf(user), phone: formatPhone(user.phone) };
}

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className={css.layout}>
      <aside className={css.menu} aria-label="Личный кабинет">
        <p className={css.who}>
          <strong>{loaderData.fullName || "Покупатель"}</strong>
          <br />
          {loaderData.phone}
        </p>
        <nav aria-label="Разделы кабинета">
          <ul className={css.menuList}>
            {cabinetMenu.map((link) => (
              <li key={link.path}>
                <NavLink to={link.path} className={css.menuLink}>
                  {link.name}
                </NavLink>
              </li>
            ))}
            <li>
              <Form method="post" action="/logout" replace>
                <button type="submit" className={css.logout}>
                  Выйти
                </button>
              </Form>
            </li>
          </ul>
        </nav>
      </aside>
      <div className={css.content}>
        <Outlet />
      </div>
    </div>
  );
}
