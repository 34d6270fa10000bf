import { Link } from "react-router";
import { banner } from "./frame.css.ts";

/** The free-delivery promise of spec section 1; hidden on /partners. */
export function DeliveryBanner() {
  return (
    <p className={banner} data-testid="delivery-banner">
      Бесплатная доставка монет до ближайшего пункта выдачи СДЭК при заказе на сайте.{" "}
      <Link to="/delivery">Подробнее</Link>
    </p>
  );
}
