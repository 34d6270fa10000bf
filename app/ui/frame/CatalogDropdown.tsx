import { useRef } from "react";
import { Link } from "react-router";
import type { NavigationItem } from "#app/modules/shop/navigation.ts";
import { Icon } from "../kit/icons.tsx";
import { dropdown, dropdownLink, dropdownPanel, dropdownSummary } from "./frame.css.ts";

/**
 * The Catalogue entry with its child links (spec section 2): opens on click, closes
 * when the mouse leaves. A <details> element, so the click works without JavaScript.
 */
export function CatalogDropdown({ item }: { item: NavigationItem }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const close = () => ref.current?.removeAttribute("open");
  return (
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the summary is the control; these only close the open panel
    <details
      ref={ref}
      className={dropdown}
      onMouseLeave={close}
      onKeyDown={(event) => {
        if (event.key === "Escape") close();
      }}
    >
      <summary className={dropdownSummary}>
        {item.name}
        <Icon name="chevron" size={16} />
      </summary>
      <ul className={dropdownPanel}>
        <li>
          <Link to={item.href} className={dropdownLink} onClick={close}>
            Весь каталог
          </Link>
        </li>
        {item.children?.map((child) => (
          <li key={child.href}>
            <Link to={child.href} className={dropdownLink} onClick={close}>
              {child.name}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
