import { Form, Link } from "react-router";
import { accountUser } from "#app/modules/auth/require-user.server.ts";
import { telegramKindLabels, telegramKinds } from "#app/modules/notifications/telegram-kinds.ts";
import { handleTelegramProfile, telegramProfile } from "#app/modules/storefront/telegram-profile.server.ts";
import { button } from "#app/ui/kit/kit.css.ts";
import { formatPhone } from "#app/modules/phone/phone.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import * as css from "./my.css.ts";
import type { Route } from "./+types/profile";

export async function loader({ context }: Route.LoaderArgs) {
  const user = accountUser(context);
  return {
    lastName: user.lastName,
    name: user.name,
    secondName: user.secondName,
    email: user.email,
    phone: formatPhone(user.phone),
    telegram: await telegramProfile(context),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleTelegramProfile(request, context);
}

export const meta = () => [...pageMeta({ title: "Личные данные" }), { name: "robots", content: "noindex" }];

export default function Profile({ loaderData }: Route.ComponentProps) {
  const rows: [string, string][] = [
    ["Фамилия", loaderData.lastName],
    ["Имя", loaderData.name],
    ["Отчество", loaderData.secondName],
    ["E-mail", loaderData.email],
    ["Телефон", loaderData.phone],
  ];
  return (
    <>
      <PageHeader
        title="Личные данные"
        crumbs={[
          { name: "Личный кабинет", href: "/my" },
          { name: "Личные данные", href: "/my/profile" },
        ]}
      />
      <dl className={css.facts}>
        {rows.map(([name, value]) => (
          <div key={name} className={css.fact}>
            <dt>{name}</dt>
            <dd>{value || "не указано"}</dd>
          </div>
        ))}
      </dl>
      <Link to="/my/profile/edit">Изменить</Link>
      {loaderData.telegram ? <TelegramSection {...loaderData.telegram} /> : null}
    </>
  );
}

/** Linking the shop's bot, and which messages go to it besides SMS and e-mail. Plain POST forms. */
function TelegramSection({ linked, kinds }: { linked: boolean; kinds: readonly string[] }) {
  return (
    <section id="telegram" aria-labelledby="telegram-title" className={css.telegram} data-testid="telegram">
      <h2 id="telegram-title">Уведомления в Telegram</h2>
      {linked ? (
        <>
          <p>Telegram подключён. Отметьте, какие уведомления присылать туда, кроме SMS и e-mail.</p>
          <Form method="post" className={css.form}>
            <fieldset className={css.telegramKinds}>
              <legend>Присылать в Telegram</legend>
              {telegramKinds.map((kind) => (
                <label key={kind}>
                  <input type="checkbox" name={kind} defaultChecked={kinds.includes(kind)} /> {telegramKindLabels[kind]}
                </label>
              ))}
            </fieldset>
            <button type="submit" name="intent" value="kinds" className={button}>
              Сохранить
            </button>
          </Form>
          <Form method="post">
            <button type="submit" name="intent" value="unlink" className={css.logout}>
              Отключить Telegram
            </button>
          </Form>
        </>
      ) : (
        <>
          <p>
            Получайте статусы заказов, сроки оплаты, ответы по выкупу и оповещения в Telegram. Кнопка откроет бота магазина: нажмите в нём «Старт». Ссылка
            действует 15 минут.
          </p>
          <p>Бот отвечает на команды /price (котировки), /orders (ваши открытые заказы) и /help.</p>
          {/* A whole-page submit: the answer sends the browser on to t.me. */}
          <Form method="post" reloadDocument>
            <button type="submit" name="intent" value="link" className={button}>
              Подключить Telegram
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
