import { SaveButton } from "./CheckoutSections.tsx";
import * as css from "./checkout.css.ts";
import { growingText, text } from "./identification-section.css.ts";

/**
 * 115-FZ on the checkout page: an order at or above the threshold needs the buyer's passport
 * data. The button saves the whole form first (like every button here) and opens the step.
 */
export function IdentificationSection({ title, why, onRecord, signedIn }: { title: string; why: string; onRecord: string | null; signedIn: boolean }) {
  return (
    <fieldset id="identification" className={css.section} data-testid="identification-section">
      <legend className={css.legend}>{title}</legend>
      <p className={css.muted}>{why}</p>
      {onRecord ? (
        <div className={css.row}>
          <p className={growingText}>
            Данные получены: <strong>{onRecord}</strong>
          </p>
          <SaveButton value="identify">Изменить</SaveButton>
        </div>
      ) : signedIn ? (
        <div className={css.row}>
          <p className={growingText}>Паспортные данные понадобятся перед оформлением: нажмите «Оформить заказ» или заполните их сейчас.</p>
          <SaveButton value="identify">Указать паспортные данные</SaveButton>
        </div>
      ) : (
        <p className={text}>Паспортные данные мы попросим после входа, перед оформлением заказа.</p>
      )}
    </fieldset>
  );
}
