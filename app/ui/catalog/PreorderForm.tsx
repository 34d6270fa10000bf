import { Form, Link } from "react-router";
import { preorderTexts } from "#app/modules/preorders/preorders.ts";
import { button } from "../kit/kit.css.ts";
import * as css from "./launch.css.ts";

/**
 * «Оформить предзаказ» on a coming coin's page where staff allow it (decision 062): a plain POST
 * form to /my/preorders for a signed-in buyer (quantity up to the cap), the place in line when the
 * buyer has one, or a sign-in link. The price is the opening's, said before the buyer pays.
 */
export function PreorderForm(props: {
  signedIn: boolean;
  loginHref: string;
  productId: number;
  returnTo: string;
  salesOpenAt: string;
  expectedPrice: string | null;
  maxQuantity: number;
  mine: { quantity: number; place: number } | null;
}) {
  const { signedIn, productId, returnTo, mine } = props;
  return (
    <section aria-labelledby="preorder-title" id="preorder" className={css.subscribe} data-testid="preorder">
      <h2 id="preorder-title" className={css.subscribeTitle}>
        Предзаказ
      </h2>
      <p className={css.cap}>{preorderTexts.price(props.expectedPrice)}</p>
      <p>{preorderTexts.howServed(props.salesOpenAt)}</p>
      {!signedIn ? (
        <p>
          <Link to={props.loginHref}>Войдите</Link>, чтобы оформить предзаказ.
        </p>
      ) : mine ? (
        <p data-testid="preorder-place">
          Ваш предзаказ: {mine.quantity} шт., {mine.place}-е место в очереди. <Link to="/my/preorders">Предзаказы в личном кабинете</Link>
        </p>
      ) : (
        <Form method="post" action="/my/preorders" className={css.subscribeForm}>
          <input type="hidden" name="intent" value="preorder" />
          <input type="hidden" name="productId" value={productId} />
          <input type="hidden" name="redirectTo" value={returnTo} />
          <label className={css.channel}>
            Количество, шт.
            <input type="number" name="quantity" min={1} max={props.maxQuantity} defaultValue={1} required className={css.quantity} />
          </label>
          <button type="submit" className={button}>
            {preorderTexts.action}
          </button>
        </Form>
      )}
    </section>
  );
}
