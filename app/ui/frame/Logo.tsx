import { Link } from "react-router";
import { shop } from "#app/modules/shop/contacts.ts";
import { logo, logoMark, logoText } from "./frame.css.ts";

export function Logo() {
  return (
    <Link to="/" className={logo} aria-label={`${shop.name} — на главную`}>
      <span className={logoMark} aria-hidden="true" />
      <span className={logoText}>{shop.name}</span>
    </Link>
  );
}
