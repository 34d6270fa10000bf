import { useFetcher, useLocation } from "react-router";
import { privacyPolicyPagePath } from "#app/modules/shop/contacts.ts";
import { useHydrated } from "#app/ui/use-hydrated.ts";
import { button } from "#app/ui/kit/kit.css.ts";
import * as css from "./cookie-banner.css.ts";

/**
 * The analytics choice: a plain POST form to /cookies (the answer kept in a cookie, then back to
 * the page without JavaScript); with JavaScript a fetcher, and the page's data loads again, so the
 * banner goes and, after 'Принять', the counter starts without a page load.
 */
export function CookieChoiceForm({ className, testId }: { className: string; testId?: string }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const hydrated = useHydrated();
  return (
    <fetcher.Form method="post" action="/cookies" className={className} data-testid={testId}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {hydrated ? <input type="hidden" name="_fetcher" value="1" /> : null}
      <button type="submit" name="choice" value="granted" className={button} disabled={fetcher.state !== "idle"}>
        Принять
      </button>
      <button type="submit" name="choice" value="denied" className={css.decline} disabled={fetcher.state !== "idle"}>
        Отказаться
      </button>
    </fetcher.Form>
  );
}

/** Shown until the visitor answers; rendered by the server, so it costs no request of its own. */
export function CookieBanner() {
  return (
    <>
      <div className={css.spacer} aria-hidden="true" />
      <section className={css.banner} aria-label="Cookie и статистика" data-testid="cookie-banner">
        <p className={css.text}>
          Мы используем cookie Яндекс Метрики, чтобы считать посещения и улучшать сайт, — только с вашего согласия. Без него сайт работает так же.{" "}
          <a href={privacyPolicyPagePath}>Подробнее</a>
        </p>
        <CookieChoiceForm className={css.actions} />
      </section>
    </>
  );
}
