import { data, Form, redirect, useNavigation } from "react-router";
import { getConfig } from "#app/modules/config/config.server.ts";
import { completeSandboxPayment } from "#app/modules/orders/payments.server.ts";
import { findSandboxPayment, returnPath } from "#app/modules/payments/sandbox.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { readFormBody } from "#app/modules/shared/form-body.server.ts";
import { pageNotFound } from "#app/modules/shared/not-found.ts";
import { formatMoney } from "#app/modules/shared/format.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import { button } from "#app/ui/kit/kit.css.ts";
import * as css from "./payment-sandbox.css.ts";
import type { Route } from "./+types/payment-sandbox";

/** The built-in payment service's page; it exists only while PAYMENT_PROVIDER=sandbox. */
function sandboxOn(): boolean {
  return getConfig().payments.provider === "sandbox";
}

export async function loader({ params, context, url }: Route.LoaderArgs) {
  if (!sandboxOn()) pageNotFound(url.pathname);
  const payment = await findSandboxPayment(context.get(databaseContext).db, params.id);
  if (!payment) pageNotFound(url.pathname);
  return {
    status: payment.status,
    description: payment.description,
    amountRub: payment.amountRub,
    backHref: returnPath(payment.returnUrl, getConfig().publicUrl),
  };
}

export async function action({ request, params, context, url }: Route.ActionArgs) {
  const { pathname } = url;
  if (!sandboxOn()) pageNotFound(pathname);
  const intent = (await readFormBody(request)).get("intent");
  if (intent !== "pay" && intent !== "cancel") throw data("Неизвестное действие: нажмите «Оплатить» или «Отменить»", { status: 400 });
  const back = await completeSandboxPayment(context.get(databaseContext).db, params.id, intent, getConfig().publicUrl);
  if (!back) pageNotFound(pathname);
  return redirect(back, 303);
}

export const meta = () => [...pageMeta({ title: "Тестовая оплата" }), { name: "robots", content: "noindex" }];

const finalText: Record<string, string> = {
  succeeded: "Платёж проведён.",
  canceled: "Платёж отменён.",
};

export default function SandboxPayment({ loaderData, params }: Route.ComponentProps) {
  const { status, description, amountRub, backHref } = loaderData;
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <PageHeader title="Тестовая оплата" crumbs={[{ name: "Тестовая оплата", href: `/payment/sandbox/${params.id}` }]} />
      <section className={css.panel} aria-label="Платёж">
        <p className={css.note}>Это тестовая страница оплаты: деньги не списываются. Выберите, чем закончится платёж.</p>
        <dl className={css.details}>
          <dt className={css.term}>Назначение</dt>
          <dd className={css.value}>{description}</dd>
          <dt className={css.term}>Сумма</dt>
          <dd className={css.amount} data-testid="sandbox-amount">
            {formatMoney(amountRub)}
          </dd>
        </dl>
        {status === "pending" || status === "waiting_for_capture" ? (
          <Form method="post" className={css.actions}>
            <button type="submit" name="intent" value="pay" className={button} disabled={busy}>
              Оплатить
            </button>
            <button type="submit" name="intent" value="cancel" className={css.secondary} disabled={busy}>
              Отменить
            </button>
          </Form>
        ) : (
          <p>
            {finalText[status]} <a href={backHref}>Вернуться в магазин</a>
          </p>
        )}
      </section>
    </>
  );
}
