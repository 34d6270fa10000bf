import { formatMoney } from "#app/modules/shared/format.ts";
import * as css from "./checkout.css.ts";

/** The id of the order summary (TotalsBox in CheckoutSections.tsx), which the bar leads to. */
export const SUMMARY_ID = "checkout-summary";

/**
 * Phones: the amount to pay and a link down to the summary and 'Оформить заказ', stuck to the
 * bottom edge while the form scrolls by; it comes to rest right above the summary (CSS only).
 */
export function TotalBar({ total }: { total: number }) {
  return (
    <p className={css.totalBar} data-testid="total-bar">
      <span>
        К оплате <strong className={css.totalBarSum}>{formatMoney(total)}</strong>
      </span>
      <a href={`#${SUMMARY_ID}`} className={css.totalBarLink}>
        К оформлению
      </a>
    </p>
  );
}
