import { Form, Link, redirect } from "react-router";
import { z } from "zod";
import { accountUser } from "#app/modules/auth/require-user.server.ts";
import { clearSessionCookieHeader } from "#app/modules/auth/sessions.server.ts";
import { deleteAccount } from "#app/modules/consents/account-data.server.ts";
import { listConsents, withdrawConsent } from "#app/modules/consents/consents.server.ts";
import { consentPurposeLabels, consentWithdrawalEffects, isConsentPurpose } from "#app/modules/consents/purposes.ts";
import { formatDay } from "#app/modules/content/dates.ts";
import { flashHeader, type Flash } from "#app/modules/flash/flash.server.ts";
import { readForm } from "#app/modules/forms/read-form.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { formatDateTime } from "#app/modules/shared/format.ts";
import { readFormBody } from "#app/modules/shared/form-body.server.ts";
import { consentDocumentHref, privacyPolicyPagePath } from "#app/modules/shop/contacts.ts";
import { button } from "#app/ui/kit/kit.css.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import * as css from "./my.css.ts";
import type { Route } from "./+types/privacy";

export async function loader({ context }: Route.LoaderArgs) {
  const user = accountUser(context);
  const rows = await listConsents(context.get(databaseContext).db, user);
  return {
    consents: rows
      .filter((row) => isConsentPurpose(row.purpose))
      .map((row) => ({
        id: row.id,
        purpose: row.purpose as keyof typeof consentPurposeLabels,
        version: row.documentVersion,
        givenAt: row.givenAt.toISOString(),
        withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
        reference: row.reference,
      })),
  };
}

const back = async (to: string, flash: Flash, extra: string[] = []) => {
  const headers = new Headers();
  for (const cookie of extra) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await flashHeader(flash));
  return redirect(to, { status: 303, headers });
};

const privacyTexts = {
  noConsent: "Такого действующего согласия нет — возможно, оно уже отозвано.",
  confirmDeletion: "Отметьте, что понимаете: удалённый аккаунт восстановить нельзя.",
} as const;

/** The page's two forms: a consent's 'Отозвать' and the account's deletion with its tick. */
const privacyFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("withdraw"),
      consentId: z
        .string({ error: privacyTexts.noConsent })
        .regex(/^\d{1,15}$/, privacyTexts.noConsent)
        .transform(Number),
    }),
    z.object({ intent: z.literal("delete"), confirm: z.literal("on", { error: privacyTexts.confirmDeletion }) }),
  ],
  { error: "Неизвестное действие" },
);

/** Withdrawing a consent and deleting the account: plain POST forms, then a page with a notice. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = accountUser(context);
  const { db } = context.get(databaseContext);
  const posted = readForm(await readFormBody(request), privacyFormSchema);
  if (!posted.ok) return back(posted.payload.intent === "delete" ? "/my/privacy#delete" : "/my/privacy", { kind: "error", message: posted.issues[0]!.message });
  if (posted.value.intent === "withdraw") {
    const withdrawn = await withdrawConsent(db, user, posted.value.consentId);
    return back(
      "/my/privacy",
      withdrawn
        ? {
            kind: "success",
            message: "Согласие отозвано. Мы прекращаем обработку данных для этой цели; данные, которые закон обязывает хранить, храним до конца срока.",
          }
        : { kind: "error", message: privacyTexts.noConsent },
    );
  }
  const result = await deleteAccount(db, user);
  if (!result.ok) return back("/my/privacy#delete", { kind: "error", message: result.reason });
  return back(
    "/",
    {
      kind: "success",
      message:
        "Аккаунт удалён, вы вышли из личного кабинета. Ваши персональные данные стёрты; заказы хранятся без имени и телефона, как требует налоговый учёт.",
    },
    [clearSessionCookieHeader()],
  );
}

export const meta = () => [...pageMeta({ title: "Персональные данные" }), { name: "robots", content: "noindex" }];

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { consents } = loaderData;
  return (
    <>
      <PageHeader
        title="Персональные данные"
        crumbs={[
          { name: "Личный кабинет", href: "/my" },
          { name: "Персональные данные", href: "/my/privacy" },
        ]}
      />
      <p>
        Как мы обращаемся с вашими данными, написано в <a href={privacyPolicyPagePath}>политике обработки персональных данных</a>; что вы разрешаете — в{" "}
        <Link to={consentDocumentHref}>согласии на обработку персональных данных</Link>.
      </p>

      <h2>Ваши согласия</h2>
      {consents.length === 0 ? (
        <p>Согласий, данных на сайте, пока нет.</p>
      ) : (
        <ul className={css.alertList} data-testid="consents">
          {consents.map((consent) => (
            <li key={consent.id} className={css.alertItem} data-testid="consent">
              <div>
                <strong>{consentPurposeLabels[consent.purpose]}</strong>
                <p className={css.alertFacts}>
                  Дано {formatDateTime(consent.givenAt)} · редакция от {formatDay(consent.version)} ·{" "}
                  {consent.withdrawnAt ? <span data-testid="consent-withdrawn">отозвано {formatDateTime(consent.withdrawnAt)}</span> : "действует"}
                </p>
                {consent.withdrawnAt ? null : <p className={css.note}>{consentWithdrawalEffects[consent.purpose]}</p>}
              </div>
              {consent.withdrawnAt ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="withdraw" />
                  <input type="hidden" name="consentId" value={consent.id} />
                  <button type="submit" className={css.logout}>
                    Отозвать согласие
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}

      <h2>Ваши данные</h2>
      <p>Один файл JSON со всем, что мы о вас храним: профиль, заказы, корзина и избранное, уведомления, согласия, заявки на выкуп, сеансы входа.</p>
      <p>
        <a href="/my/privacy/export" download className={button} data-testid="export-link">
          Скачать мои данные
        </a>
      </p>

      <h2 id="delete">Удалить аккаунт</h2>
      <p>Что произойдёт:</p>
      <ul>
        <li>имя, фамилия, отчество, e-mail и сохранённый адрес доставки будут стёрты; корзина, избранное, сравнение и уведомления о ценах — удалены;</li>
        <li>заказы останутся — этого требует налоговый учёт (5 лет), — но без имени, телефона, e-mail и адреса; заявки на выкуп — без имени и телефона;</li>
        <li>сведения идентификации по 115-ФЗ, если вы их давали, закон обязывает хранить 5 лет;</li>
        <li>вы выйдете со всех устройств; вход с этим номером телефона создаст новый, пустой аккаунт.</li>
      </ul>
      <p>Пока заказ или заявка на выкуп в работе, удалить аккаунт нельзя: нам нужны ваши контакты, чтобы их завершить.</p>
      <Form method="post" className={css.form} data-testid="delete-account">
        <input type="hidden" name="intent" value="delete" />
        <p>
          <label>
            <input type="checkbox" name="confirm" required /> Понимаю, что удалённый аккаунт восстановить нельзя
          </label>
        </p>
        <button type="submit" className={button}>
          Удалить аккаунт
        </button>
      </Form>
    </>
  );
}
