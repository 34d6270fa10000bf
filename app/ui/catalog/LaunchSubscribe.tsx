import { Form, Link } from "react-router";
import { button } from "../kit/kit.css.ts";
import * as css from "./launch.css.ts";

const channelNames = { sms: "SMS", email: "e-mail", telegram: "Telegram" } as const;

/**
 * «Сообщить о начале продаж» on a coming coin's page: a plain POST form (SMS, e-mail, or Telegram when
 * the buyer has linked it) for a signed-in buyer, the channels already chosen with a way to take them back, or a sign-in link.
 */
export function LaunchSubscribe(props: {
  signedIn: boolean;
  hasEmail: boolean;
  /** The buyer's Telegram is linked to the shop's bot: it is offered as a channel. */
  hasTelegram?: boolean;
  loginHref: string;
  productId: number;
  returnTo: string;
  subscribed: ReadonlyArray<"sms" | "email" | "telegram">;
}) {
  const { signedIn, hasEmail, productId, returnTo, subscribed } = props;
  return (
    <section aria-labelledby="launch-title" id="launch" className={css.subscribe} data-testid="launch-subscribe">
      <h2 id="launch-title" className={css.subscribeTitle}>
        Сообщить о начале продаж
      </h2>
      {!signedIn ? (
        <p>
          <Link to={props.loginHref}>Войдите</Link>, и мы сообщим по SMS или e-mail, когда продажи начнутся.
        </p>
      ) : subscribed.length > 0 ? (
        <Form method="post" action="/my/launch-subscriptions" className={css.subscribeForm}>
          <input type="hidden" name="productId" value={productId} />
          <input type="hidden" name="redirectTo" value={returnTo} />
          <p data-testid="launch-subscribed">Сообщим о начале продаж: {subscribed.map((channel) => channelNames[channel]).join(" и ")}.</p>
          <button type="submit" name="intent" value="unsubscribe" className={css.linkButton}>
            Не сообщать
          </button>
        </Form>
      ) : (
        <Form method="post" action="/my/launch-subscriptions" className={css.subscribeForm}>
          <input type="hidden" name="productId" value={productId} />
          <input type="hidden" name="redirectTo" value={returnTo} />
          <fieldset className={css.channels}>
            <legend className={css.legend}>Как сообщить</legend>
            {(props.hasTelegram ? (["sms", "email", "telegram"] as const) : (["sms", "email"] as const)).map((channel) => (
              <label key={channel} className={css.channel}>
                <input type="radio" name="channel" value={channel} defaultChecked={channel === "sms"} />
                {channelNames[channel]}
                {channel === "email" && !hasEmail ? " (укажите e-mail в профиле)" : null}
              </label>
            ))}
          </fieldset>
          <button type="submit" name="intent" value="subscribe" className={button}>
            Сообщить о начале продаж
          </button>
        </Form>
      )}
    </section>
  );
}
