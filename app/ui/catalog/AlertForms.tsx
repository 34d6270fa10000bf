import { Form, Link } from "react-router";
import { alertChannelLabels, alertKindLabels, type AlertChannel, type AlertKind } from "#app/modules/alerts/rules.ts";
import { formatMoney } from "#app/modules/shared/format.ts";
import * as form from "../kit/form.css.ts";
import { button } from "../kit/kit.css.ts";
import * as css from "./alerts.css.ts";

type CoinAlert = { id: number; kind: AlertKind; threshold: number | null; channel: AlertChannel };

function Channels({ hasEmail }: { hasEmail: boolean }) {
  return (
    <fieldset className={css.channels}>
      <legend className={css.legend}>Как сообщить</legend>
      {(["sms", "email"] as const).map((channel) => (
        <label key={channel} className={css.channel}>
          <input type="radio" name="channel" value={channel} defaultChecked={channel === "sms"} />
          {alertChannelLabels[channel]}
          {channel === "email" && !hasEmail ? <span className={css.hint}> (укажите e-mail в профиле)</span> : null}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * A coin page's alerts: 'tell me when the price is below …' and 'tell me when
 * it is back', as plain POST forms to /my/alerts; a visitor who is not signed in is asked to.
 */
export function AlertForms(props: {
  signedIn: boolean;
  hasEmail: boolean;
  loginHref: string;
  productId: number;
  returnTo: string;
  price: number | null;
  inStock: boolean;
  alerts: CoinAlert[];
}) {
  const { signedIn, hasEmail, productId, returnTo, price, inStock, alerts } = props;
  return (
    <section aria-labelledby="alerts-title" id="alerts" className={css.section} data-testid="alert-forms">
      <h2 id="alerts-title" className={css.heading}>
        Уведомления
      </h2>
      {!signedIn ? (
        <p data-testid="alerts-sign-in">
          Сообщим, когда цена будет ниже нужной вам суммы{inStock ? "" : " или когда монета появится в наличии"}. <Link to={props.loginHref}>Войдите</Link>,
          чтобы подписаться.
        </p>
      ) : (
        <>
          {alerts.length > 0 ? (
            <ul className={css.current} data-testid="coin-alerts">
              {alerts.map((alert) => (
                <li key={alert.id}>
                  {alert.kind === "price_below" ? `Цена ниже ${formatMoney(alert.threshold ?? 0)}` : "Поступление"} — {alertChannelLabels[alert.channel]}
                </li>
              ))}
              <li>
                <Link to="/my/alerts">Все уведомления</Link>
              </li>
            </ul>
          ) : null}
          <div className={css.forms}>
            {price !== null ? (
              <Form method="post" action="/my/alerts" className={css.form} data-testid="alert-price-form">
                <input type="hidden" name="productId" value={productId} />
                <input type="hidden" name="kind" value="price_below" />
                <input type="hidden" name="redirectTo" value={returnTo} />
                <label className={form.field}>
                  <span className={form.label}>{alertKindLabels.price_below}, ₽</span>
                  <input
                    type="text"
                    name="threshold"
                    inputMode="numeric"
                    autoComplete="off"
                    required
                    placeholder={`меньше ${formatMoney(price)}`}
                    className={form.input}
                  />
                </label>
                <Channels hasEmail={hasEmail} />
                <button type="submit" className={button}>
                  Подписаться
                </button>
              </Form>
            ) : null}
            {!inStock ? (
              <Form method="post" action="/my/alerts" className={css.form} data-testid="alert-stock-form">
                <input type="hidden" name="productId" value={productId} />
                <input type="hidden" name="kind" value="in_stock" />
                <input type="hidden" name="redirectTo" value={returnTo} />
                <Channels hasEmail={hasEmail} />
                <button type="submit" className={button}>
                  {alertKindLabels.in_stock}
                </button>
              </Form>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}
