import { Form, Link, redirect } from "react-router";
import { z } from "zod";
import { safeReturnPath } from "#app/modules/auth/login-href.ts";
import { listAlerts, removeAlert, subscribe } from "#app/modules/alerts/alerts.server.ts";
import { alertFormSchema } from "#app/modules/alerts/alert-form.server.ts";
import { alertChannelLabels, alertKindLabels } from "#app/modules/alerts/rules.ts";
import { accountUser } from "#app/modules/auth/require-user.server.ts";
import { flashHeader, type Flash } from "#app/modules/flash/flash.server.ts";
import { readForm } from "#app/modules/forms/read-form.ts";
import { getQuotesService } from "#app/modules/quotes/quotes.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { formatDateTime, formatMoney } from "#app/modules/shared/format.ts";
import { readFormBody } from "#app/modules/shared/form-body.server.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import * as css from "./my.css.ts";
import type { Route } from "./+types/alerts";

export async function loader({ context }: Route.LoaderArgs) {
  const user = accountUser(context);
  return { alerts: await listAlerts(context.get(databaseContext).db, user.id) };
}

const alertTexts = { noAlert: "Такого уведомления нет — возможно, оно уже удалено.", noCoin: "Монета не найдена." } as const;

const positiveId = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((id) => id > 0, message);

/** The page's 'Удалить' and a coin page's subscription forms (no intent), one schema. */
const alertsPageFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("remove"), alertId: positiveId(alertTexts.noAlert) }),
    z
      .looseObject({ intent: z.literal(["subscribe", ""]).optional(), productId: positiveId(alertTexts.noCoin), redirectTo: z.string().optional() })
      .transform(({ productId, redirectTo, ...fields }, ctx) => {
        const alert = alertFormSchema.safeParse(fields);
        if (!alert.success) {
          for (const issue of alert.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
          return z.NEVER;
        }
        return { intent: "subscribe" as const, productId, redirectTo, alert: alert.data };
      }),
  ],
  { error: "Неизвестное действие" },
);

/** Subscribing (from a coin's page) and removing: plain forms, then back with a notice. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = accountUser(context);
  const { db } = context.get(databaseContext);
  const back = async (to: string, flash: Flash) => redirect(to, { status: 303, headers: { "Set-Cookie": await flashHeader(flash) } });
  const posted = readForm(await readFormBody(request), alertsPageFormSchema);
  if (!posted.ok) {
    if (posted.payload.intent === "remove") return back("/my/alerts", { kind: "error", message: alertTexts.noAlert });
    // A coin that is not there goes back to its page; a bad choice to the page's alerts block.
    const returnTo = safeReturnPath(String(posted.payload.redirectTo ?? "/my/alerts"));
    const [problem] = posted.issues;
    return back(problem?.name === "productId" ? returnTo : `${returnTo}#alerts`, { kind: "error", message: problem?.message ?? alertTexts.noCoin });
  }
  const input = posted.value;
  if (input.intent === "remove") {
    const removed = await removeAlert(db, user.id, input.alertId);
    return back("/my/alerts", removed ? { kind: "success", message: "Уведомление удалено" } : { kind: "error", message: alertTexts.noAlert });
  }
  const returnTo = safeReturnPath(input.redirectTo ?? "/my/alerts");
  const { productId, alert } = input;
  const result = await subscribe(db, user, productId, alert, (await getQuotesService()).rates());
  return back(`${returnTo}#alerts`, result.ok ? { kind: "success", message: result.message } : { kind: "error", message: result.reason });
}

export const meta = () => [...pageMeta({ title: "Уведомления о ценах и поступлении" }), { name: "robots", content: "noindex" }];

export default function Alerts({ loaderData }: Route.ComponentProps) {
  const { alerts } = loaderData;
  return (
    <>
      <PageHeader
        title="Уведомления"
        crumbs={[
          { name: "Личный кабинет", href: "/my" },
          { name: "Уведомления", href: "/my/alerts" },
        ]}
      />
      {alerts.length === 0 ? (
        <p>
          Уведомлений нет. На странице монеты можно попросить сообщить, когда цена будет ниже нужной суммы или когда монета появится в наличии.{" "}
          <Link to="/catalog">Перейти в каталог</Link>
        </p>
      ) : (
        <ul className={css.alertList} data-testid="alerts">
          {alerts.map((alert) => (
            <li key={alert.id} className={css.alertItem} data-testid="alert">
              <div>
                <Link to={`/products/${alert.product.slug}`}>{alert.product.name}</Link>
                <p className={css.alertFacts}>
                  {alert.kind === "price_below" ? `Цена ниже ${formatMoney(alert.threshold ?? 0)}` : "Поступление в продажу"} ·{" "}
                  {alertChannelLabels[alert.channel]}
                  {alert.lastNotifiedAt ? ` · последнее сообщение ${formatDateTime(alert.lastNotifiedAt)}` : ""}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="alertId" value={alert.id} />
                <button type="submit" className={css.logout} aria-label={`Удалить: ${alert.product.name}, ${alertKindLabels[alert.kind].toLowerCase()}`}>
                  Удалить
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <p className={css.note}>Сообщение приходит один раз, когда условие выполнится, и не чаще раза в день по каждому уведомлению.</p>
    </>
  );
}
