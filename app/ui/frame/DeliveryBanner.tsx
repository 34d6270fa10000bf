import { Link } from "react-router";
import { banner, bannerLong, bannerShort } from "./frame.css.ts";

/** The free-delivery promise of spec section 1, one line on phones; hidden on /partners. */
export function DeliveryBanner() {
  return (
    <p className={banner} data-testid="delivery-banner">
      <span className={bannerLong}>Бесплатная доставка монет до ближайшего пункта выдачи СДЭК при заказе на сайте.</span>
      <span className={bannerShort}>Бесплатная доставка до пункта СДЭК.</span> <Link to="/delivery">Подробнее</Link>
    </p>
  );
}
