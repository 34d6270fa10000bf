import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { identificationFields, identificationSchema, identificationTexts } from "#app/modules/compliance/identification.ts";
import { formConstraint } from "#app/modules/forms/fields.ts";
import { CheckboxField, FormErrors, TextAreaField, TextField } from "#app/ui/kit/Field.tsx";
import * as css from "./identification.css.ts";

const constraint = formConstraint(identificationFields);

/**
 * The 115-FZ identification form (the checkout's step and a large pre-order's): the same fields,
 * rules and messages wherever a buyer gives them. `hidden` carries what the page posts with them
 * (the pre-order's coin and pieces); `actions` are its buttons and links.
 */
export function IdentificationForm({
  today,
  defaults,
  returning,
  lastResult,
  hidden,
  actions,
}: {
  today: string;
  defaults: Partial<Record<keyof typeof identificationFields.shape, string>>;
  /** The defaults are the buyer's last identification: he is asked to check them. */
  returning: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
  hidden?: ReactNode;
  actions: ReactNode;
}) {
  const [form, fields] = useForm({
    lastResult,
    defaultValue: defaults,
    constraint,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: identificationSchema(today) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const text = (field: (typeof fields)[keyof typeof fields], extra: Record<string, unknown> = {}) => ({ ...getInputProps(field, { type: "text" }), ...extra });
  return (
    <>
      {returning ? <p className={css.note}>Мы заполнили форму данными из вашего прошлого заказа. Проверьте их: если паспорт сменился, исправьте.</p> : null}
      <Form method="post" {...getFormProps(form)} className={css.form}>
        {hidden}
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
          <TextField label="Код подразделения (если есть)" errors={fields.issuerCode.errors} inputProps={text(fields.issuerCode, { placeholder: "770-001" })} />
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
        <div className={css.actions}>{actions}</div>
      </Form>
    </>
  );
}
