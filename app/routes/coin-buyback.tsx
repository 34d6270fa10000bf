import { ConsentLabel } from "#app/ui/kit/ConsentLabel.tsx";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useNavigation } from "react-router";
import { fullNameOf } from "#app/modules/forms/person-name.ts";
import { buybackRequestSchema, formMessages } from "#app/modules/buyback/buyback-form.ts";
import { buybackTable, listBuybackCoins, receivedNotice, submitBuybackRequest } from "#app/modules/buyback/buyback.server.ts";
import { buybackGradeHints, buybackGradeLabels, buybackGradeTitle } from "#app/modules/buyback/statuses.ts";
import { buybackGrades } from "#app/modules/db/column-values.ts";
import { currentQuoteTerms } from "#app/modules/buyback/terms.server.ts";
import { getConfig } from "#app/modules/config/config.server.ts";
import { flashHeader } from "#app/modules/flash/flash.server.ts";
import { formConstraint } from "#app/modules/forms/fields.ts";
import { formatPhone } from "#app/modules/phone/phone.ts";
import { getQuotesService } from "#app/modules/quotes/quotes.server.ts";
import { clientIp } from "#app/modules/request/client-ip.server.ts";
import { databaseContext, userContext, visitorContext } from "#app/modules/request/context.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { readFormBody } from "#app/modules/shared/form-body.server.ts";
import { formatDateTime, formatMoney, formatNumber } from "#app/modules/shared/format.ts";
import { shop } from "#app/modules/shop/contacts.ts";
import { CheckboxField, FormErrors, SelectField, TextAreaField, TextField } from "#app/ui/kit/Field.tsx";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import { PhoneField } from "#app/ui/kit/PhoneField.tsx";
import { button } from "#app/ui/kit/kit.css.ts";
import * as css from "./coin-buyback.css.ts";
import type { Route } from "./+types/coin-buyback";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const quotes = await getQuotesService();
  const snapshot = quotes.current();
  const [{ grades, lines }, coins] = await Promise.all([buybackTable(db, quotes.rates()), listBuybackCoins(db)]);
  // A signed-in seller need not type who they are (the page is then theirs, never the shared cache's).
  const user = context.get(userContext);
  const seller = user ? { name: fullNameOf(user), phone: formatPhone(user.phone) } : null;
  return { prices: lines, time: snapshot?.time.toISOString() ?? null, coins, grades, quoteMinutes: getConfig().buyback.quoteMinutes, seller };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormBody(request), { schema: buybackRequestSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  const { db } = context.get(databaseContext);
  const user = context.get(userContext);
  const verdict = await submitBuybackRequest(
    db,
    submission.value,
    { ip: clientIp(request), visitorId: context.get(visitorContext), userAgent: request.headers.get("User-Agent"), userId: user?.id ?? null },
    await currentQuoteTerms(),
  );
  if (verdict.status === "unknown_coin") return data(submission.reply({ fieldErrors: { offerId: [formMessages.coin] } }), { status: 400 });
  if (verdict.status === "limited") {
    const minutes = Math.ceil(verdict.retryAfterSeconds / 60);
    return data(
      submission.reply({
        formErrors: [`Слишком много заявок подряд. Попробуйте снова через ${minutes} мин. или позвоните нам: ${shop.phones.tollFree.display}.`],
      }),
      {
        status: 429,
        headers: { "Retry-After": String(verdict.retryAfterSeconds) },
      },
    );
  }
  const notice = receivedNotice(verdict, submission.value.quantity, user?.phone === submission.value.phone);
  return redirect("/coin-buyback", { status: 303, headers: { "Set-Cookie": await flashHeader({ kind: "success", message: notice }) } });
}

/** Sends the action's Retry-After with the refusal page. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta = () =>
  pageMeta({
    title: "Скупка монет",
    description: "Выкупаем золотые и серебряные монеты по цене, привязанной к котировкам металла: цены выкупа на сегодня, как проходит сделка, заявка онлайн.",
  });

const constraint = formConstraint(buybackRequestSchema);

export default function CoinBuyback({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" ? actionData : null,
    defaultValue: { quantity: "1", grade: "excellent", name: loaderData.seller?.name, phone: loaderData.seller?.phone },
    constraint,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: buybackRequestSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const { prices, time, coins, grades, quoteMinutes } = loaderData;

  return (
    <>
      <PageHeader title="Скупка монет" crumbs={[{ name: "Скупка монет", href: "/coin-buyback" }]} />
      <p className={css.lead}>
        Покупаем инвестиционные и памятные монеты из золота и серебра. Цена выкупа считается от биржевой стоимости металла в монете и меняется вместе с
        котировками; оплата — сразу после проверки подлинности, наличными или переводом на карту.
      </p>

      <section aria-labelledby="buyback-prices">
        <h2 id="buyback-prices" className={css.heading}>
          Цены выкупа сегодня
        </h2>
        {prices.length > 0 && time ? (
          <>
            {/* One column per grade: the price a request for that coin and grade is quoted now. */}
            <table className={css.table} data-testid="buyback-table">
              <thead>
                <tr>
                  <th scope="col" rowSpan={2}>
                    Монета
                  </th>
                  <th scope="colgroup" colSpan={buybackGrades.length} className={css.group}>
                    Выкупим за, по состоянию монеты
                  </th>
                </tr>
                <tr>
                  {buybackGrades.map((grade) => (
                    <th key={grade} scope="col" className={css.gradeHead}>
                      {buybackGradeTitle(grade, grades)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {prices.map((line) => (
                  <tr key={line.id} data-offer={line.id}>
                    <th scope="row">
                      <span className={css.coinName}>{line.name}</span>
                      <span className={css.metal}>
                        {formatNumber(line.pureGrams, line.pureGrams % 1 === 0 ? 0 : 2)} г {line.metal === "gold" ? "золота" : "серебра"}
                      </span>
                    </th>
                    {buybackGrades.map((grade) => (
                      <td key={grade} className={css.price} data-grade={grade} data-label={buybackGradeTitle(grade, grades)}>
                        {formatMoney(line.byGrade[grade])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
            <p className={css.note}>
              Цены по котировкам на {formatDateTime(time)} (МСК), за одну монету. Состояние:{" "}
              {buybackGrades.map((grade) => `${buybackGradeLabels[grade]} — ${buybackGradeHints[grade]}`).join("; ")}. Окончательную цену оценщик называет после
              осмотра.
            </p>
          </>
        ) : (
          <p>Котировки временно недоступны; позвоните нам, и оценщик назовёт цену.</p>
        )}
      </section>

      <section aria-labelledby="buyback-steps">
        <h2 id="buyback-steps" className={css.heading}>
          Как проходит выкуп
        </h2>
        <ol className={css.steps}>
          <li>
            Оставьте заявку ниже или позвоните: {shop.phones.main.display}, {shop.phones.tollFree.display} (бесплатно).
          </li>
          <li>Оценщик перезвонит, уточнит монеты и назовёт предварительную цену по текущим котировкам.</li>
          <li>
            Приходите в офис ({shop.address.addressLocality}, {shop.address.streetAddress}) с монетами и паспортом: паспорт нужен по закону для сделок с
            драгоценными металлами.
          </li>
          <li>Проверяем подлинность при вас (вес, размеры, проба) — обычно 15–20 минут.</li>
          <li>Подписываем договор купли-продажи и платим сразу: наличными или переводом на карту.</li>
        </ol>
      </section>

      <section aria-labelledby="request-title" id="request" className={css.formSection}>
        <h2 id="request-title" className={css.heading}>
          Заявка на выкуп
        </h2>
        <Form method="post" {...getFormProps(form)} aria-labelledby="request-title">
          <FormErrors errors={form.errors} />
          <TextField label="Имя" errors={fields.name.errors} inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }} />
          <PhoneField label="Телефон" errors={fields.phone.errors} inputProps={getInputProps(fields.phone, { type: "tel" })} />
          <SelectField
            label="Монета"
            errors={fields.offerId.errors}
            selectProps={getSelectProps(fields.offerId)}
            options={[{ value: "", label: "Другие монеты — опишу ниже" }, ...coins.map((coin) => ({ value: String(coin.id), label: coin.name }))]}
          />
          <TextField
            label="Сколько штук"
            errors={fields.quantity.errors}
            inputProps={{ ...getInputProps(fields.quantity, { type: "number" }), min: 1, max: 1000 }}
          />
          <SelectField
            label="Состояние"
            errors={fields.grade.errors}
            selectProps={getSelectProps(fields.grade)}
            options={buybackGrades.map((grade) => ({ value: grade, label: buybackGradeTitle(grade, grades) }))}
          />
          <p className={css.note}>
            За монету из списка сразу называем цену из таблицы для её состояния и держим её {quoteMinutes} мин.; номер заявки и цена придут в SMS.
          </p>
          <TextAreaField
            label="Что хотите продать"
            errors={fields.items.errors}
            textareaProps={{ ...getTextareaProps(fields.items), placeholder: "Например: Георгий Победоносец 50 рублей, 3 шт." }}
          />
          <TextAreaField label="Комментарий" errors={fields.comment.errors} textareaProps={getTextareaProps(fields.comment)} />
          <CheckboxField label={<ConsentLabel />} errors={fields.consent.errors} inputProps={getInputProps(fields.consent, { type: "checkbox" })} />
          <button type="submit" className={button} disabled={navigation.state === "submitting"}>
            Отправить заявку
          </button>
        </Form>
      </section>
    </>
  );
}
