import { useRef } from "react";
import { Form, Link } from "react-router";
import { cabinetMenu } from "#app/modules/shop/navigation.ts";
import { Icon } from "../kit/icons.tsx";
import { visuallyHidden } from "../kit/kit.css.ts";
import { desktopOnly, dropdown, dropdownButton, dropdownLink, dropdownPanel, dropdownPanelEnd, dropdownSummary, iconLink, mobileOnly } from "./frame.css.ts";

/** Signed in: a 'Профиль' dropdown on desktop, a plain link to /my on mobile (spec section 2). */
export function ProfileMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  const close = () => ref.current?.removeAttribute("open");
  return (
    <>
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the summary is the control; this only closes the open panel */}
      <details ref={ref} className={`${dropdown} ${desktopOnly}`} onMouseLeave={close}>
        <summary className={dropdownSummary}>
          <Icon name="user" size={20} />
          Профиль
        </summary>
        <ul className={`${dropdownPanel} ${dropdownPanelEnd}`}>
          {cabinetMenu.map((link) => (
            <li key={link.path}>
              <Link to={link.path} className={dropdownLink} onClick={close}>
                {link.name}
              </Link>
            </li>
          ))}
          <li>
            {/* Logout changes state, so it is a POST; it ends on / (spec section 2). */}
            <Form method="post" action="/logout" replace>
              <button type="submit" className={`${dropdownLink} ${dropdownButton}`}>
                Выйти
              </button>
            </Form>
          </li>
        </ul>
      </details>
      <Link to="/my" className={`${iconLink} ${mobileOnly}`}>
        <Icon name="user" />
        <span className={visuallyHidden}>Личный кабинет</span>
      </Link>
    </>
  );
}
