import { salesPause } from "./sales-pause.css.ts";

/** While the operator has paused sales: that orders are not taken now, and the reason they gave. */
export function SalesPauseBanner({ reason }: { reason: string | null }) {
  return (
    // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- a paragraph: an <output> in its place would not be one
    <p className={salesPause} role="status" data-testid="sales-paused">
      Приём заказов временно приостановлен{reason ? `: ${reason}` : ""}. Каталог и корзина работают.
    </p>
  );
}
