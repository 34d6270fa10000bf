import { data, redirect } from "react-router";
import { safeReturnPath } from "#app/modules/auth/login-href.ts";
import { analyticsChoiceHeader, cookieChoiceFormSchema, readAnalyticsChoice } from "#app/modules/analytics/cookie-choice.server.ts";
import { getConfig } from "#app/modules/config/config.server.ts";
import { flashHeader } from "#app/modules/flash/flash.server.ts";
import { readForm } from "#app/modules/forms/read-form.ts";
import { readFormBody } from "#app/modules/shared/form-body.server.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { privacyPolicyPagePath } from "#app/modules/shop/contacts.ts";
import { CookieChoiceForm } from "#app/ui/frame/CookieBanner.tsx";
import { inline } from "#app/ui/frame/cookie-banner.css.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import type { Route } from "./+types/cookies";

const choiceMessages = {
  granted: "Спасибо! Статистика посещений включена.",
  denied: "Хорошо, статистика посещений не подключается.",
} as const;

/** Settings of the analytics cookies: what the visitor chose, and the same form as the banner to change it. */
export function loader({ request }: Route.LoaderArgs) {
  return { choice: readAnalyticsChoice(request), counter: Boolean(getConfig().metricaCounterId) };
}

/** The banner's answer: kept in a cookie for a year, then back to the page it came from (or data for a fetcher). */
export async function action({ request }: Route.ActionArgs) {
  const posted = readForm(await readFormBody(request), cookieChoiceFormSchema);
  if (!posted.ok) throw data(posted.issues[0]!.message, { status: 400 });
  const { choice, _fetcher, redirectTo } = posted.value;
  const headers = new Headers();
  headers.append("Set-Cookie", analyticsChoiceHeader(choice));
  if (_fetcher === "1") return data({ choice }, { headers });
  headers.append("Set-Cookie", await flashHeader({ kind: "success", message: choiceMessages[choice] }));
  return redirect(safeReturnPath(redirectTo ?? "/"), { status: 303, headers });
}

export const meta = () => [...pageMeta({ title: "Настройки cookie" }), { name: "robots", content: "noindex" }];

const choiceText = { granted: "вы разрешили статистику посещений (Яндекс Метрика).", denied: "вы отказались от статистики посещений." } as const;

export default function CookieSettings({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Настройки cookie" crumbs={[{ name: "Настройки cookie", href: "/cookies" }]} />
      <p>
        Cookie, без которых сайт не работает (корзина, вход в личный кабинет, этот выбор), ставятся всегда. Cookie Яндекс Метрики — сервиса статистики посещений
        — только с вашего согласия. Подробнее — в <a href={privacyPolicyPagePath}>политике обработки персональных данных</a>.
      </p>
      {loaderData.counter ? (
        <>
          <p data-testid="cookie-choice">Сейчас {loaderData.choice ? choiceText[loaderData.choice] : "вы ещё не сделали выбор: статистика не подключена."}</p>
          <CookieChoiceForm className={inline} testId="cookie-settings-form" />
        </>
      ) : (
        <p>Статистика посещений на сайте сейчас не подключена.</p>
      )}
    </>
  );
}
