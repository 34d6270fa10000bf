import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { requireUser } from "#app/modules/auth/require-user.server.ts";
import { identificationStepView, submitIdentification } from "#app/modules/storefront/checkout-identification.server.ts";
import { identificationFields, identificationSchema, identificationTexts } from "#app/modules/compliance/identification.ts";
import { formConstraint } from "#app/modules/forms/fields.ts";
import { flashHeader } from "#app/modules/flash/flash.server.ts";
import { clientIp } from "#app/modules/request/client-ip.server.ts";
import { databaseContext, listOwnerContext } from "#app/modules/request/context.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { readFormBody } from "#app/modules/shared/form-body.server.ts";
import { CheckboxField, FormErrors, TextAreaField, TextField } from "#app/ui/kit/Field.tsx";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import { button } from "#app/ui/kit/kit.css.ts";
import * as css from "#app/ui/checkout/identification.css.ts";
import type { Route } from "./+types/checkout-identification";

/** 115-FZ: the buyer's identification before an order at or above the threshold (works without JavaScript). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const user = requireUser(url, context);
  return identificationStepView(context.get(databaseContext).db, user);
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = requireUser(url, context);
  const origin = { ip: clientIp(request), userAgent: request.headers.get("User-Agent") };
  const result = await submitIdentification(context.get(databaseContext).db, context.get(listOwnerContext), user, await readFormBody(request), origin);
  if (!result.ok) return data(result.reply, { status: 400 });
  return redirect("/checkout#identification", {
    status: 303,
    headers: { "Set-Cookie": await flashHeader({ kind: "success", message: identificationTexts.saved }) },
  });
}

export const meta = () => [
  ...pageMeta({ title: identificationTexts.title, description: "Паспортные данные покупателя для заказа." }),
  { name: "robots", content: "noindex" },
];

const constraint = formConstraint(identificationFields);

export default function CheckoutIdentification({ loaderData, actionData }: Route.ComponentProps) {
  const { today, thresholdText, returning, defaults } = loaderData;
  const [form, fields] = useForm({
    lastResult: actionData,
    defaultValue: defaults,
    constraint,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: identificationSchema(today) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const text = (field: (typeof fields)[keyof typeof fields], extra: Record<string, unknown> = {}) => ({ ...getInputProps(field, { type: "text" }), ...extra });
  return (
    <>
      <PageHeader
        title={identificationTexts.title}
        crumbs={[
          { name: "Корзина", href: "/cart" },
          { name: "Оформление заказа", href: "/checkout" },
          { name: identificationTexts.title, href: "/checkout/identification" },
        ]}
      />
      <div className={css.page}>
        <p>{identificationTexts.why(thresholdText)}</p>
        {returning ? <p className={css.note}>Мы заполнили форму данными из вашего прошлого заказа. Проверьте их: если паспорт сменился, исправьте.</p> : null}
        <Form method="post" {...getFormProps(form)} className={css.form}>
          <FormErrors errors={form.errors} />
          <TextField
            label="Фамилия, имя и отчество — как в паспорте"
            errors={fields.fullName.errors}
            inputProps={text(fields.fullName, { autoComplete: "name" })}
          />
          <div className={css.columns}>
            <TextField
              label="Дата рождения (ДД.ММ.ГГГГ)"
              errors={fields.birthDate.errors}
              inputProps={text(fields.birthDate, { inputMode: "numeric", placeholder: "14.03.1980", autoComplete: "bday" })}
            />
            <TextField label="Гражданство" errors={fields.citizenship.errors} inputProps={text(fields.citizenship, { autoComplete: "country-name" })} />
          </div>
          <div className={css.columns}>
            <TextField
              label="Серия паспорта (для паспорта РФ)"
              errors={fields.passportSeries.errors}
              inputProps={text(fields.passportSeries, { inputMode: "numeric", placeholder: "4510" })}
            />
            <TextField
              label="Номер паспорта или документа"
              errors={fields.passportNumber.errors}
              inputProps={text(fields.passportNumber, { placeholder: "123456" })}
            />
          </div>
          <div className={css.columns}>
            <TextField
              label="Дата выдачи (ДД.ММ.ГГГГ)"
              errors={fields.issueDate.errors}
              inputProps={text(fields.issueDate, { inputMode: "numeric", placeholder: "01.04.2020" })}
            />
            <TextField
              label="Код подразделения (если есть)"
              errors={fields.issuerCode.errors}
              inputProps={text(fields.issuerCode, { placeholder: "770-001" })}
            />
          </div>
          <TextField label="Кем выдан" errors={fields.issuer.errors} inputProps={text(fields.issuer)} />
          <TextAreaField
            label="Адрес регистрации"
            errors={fields.registrationAddress.errors}
            textareaProps={{ ...getTextareaProps(fields.registrationAddress), rows: 2, autoComplete: "street-address" }}
          />
          <CheckboxField
            label={identificationTexts.consentLabel}
            errors={fields.consent.errors}
            inputProps={{ ...getInputProps(fields.consent, { type: "checkbox", value: "on" }) }}
          />
          <p className={css.note}>
            Данные шифруются и хранятся пять лет, как требует закон № 115-ФЗ; их видит только сотрудник, отвечающий за внутренний контроль.{" "}
            <a href="/docs/privacy.pdf">Политика обработки персональных данных</a>
          </p>
          <div className={css.actions}>
            <button type="submit" className={button}>
              Сохранить и вернуться к заказу
            </button>
            <Link to="/checkout">Вернуться без сохранения</Link>
          </div>
        </Form>
      </div>
    </>
  );
}
