import type { DeliveryDiscount } from "#app/modules/pricing/discounts.ts";
import type { LineDiscount } from "#app/modules/db/column-values.ts";
import { formatMoney } from "#app/modules/shared/format.ts";
import * as css from "./discount.css.ts";

/** "Акция: Серебряный «Георгий»…, −1 240 ₽" for a line of `quantity` coins: what the discount saves on the line. */
export function DiscountNote({ discount, quantity }: { discount: LineDiscount | null | undefined; quantity: number }) {
  if (!discount || discount.perCoin <= 0) return null;
  return (
    <span className={css.note} data-testid="line-discount">
      {discount.title}, −{formatMoney(discount.perCoin * quantity)}
    </span>
  );
}

/** "Акция: Бесплатная курьерская доставка…, −450 ₽" next to a delivery a promotion made free. */
export function DeliveryDiscountNote({ promotion }: { promotion: DeliveryDiscount | null | undefined }) {
  if (!promotion || promotion.saved <= 0) return null;
  return (
    <span className={css.note} data-testid="delivery-discount">
      {promotion.title}, −{formatMoney(promotion.saved)}
    </span>
  );
}

/** "4 990 ₽ за шт." with the price before a discount struck through. */
export function UnitPrice({ price, basePrice }: { price: number; basePrice: number | null }) {
  return (
    <>
      <span data-testid="unit-price">{formatMoney(price)}</span> за шт.
      {basePrice !== null && basePrice > price ? <s className={css.was}>{formatMoney(basePrice)}</s> : null}
    </>
  );
}
