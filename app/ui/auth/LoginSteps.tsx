import { ConsentLabel } from "#app/ui/kit/ConsentLabel.tsx";
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useLayoutEffect, useRef, useState, type ComponentType, type FormHTMLAttributes, type ReactNode, type Ref } from "react";
import { PatternFormat } from "react-number-format";
import { authTexts, codeSchema, phoneSchema, registrationSchema } from "#app/modules/auth/profile.ts";
import { formConstraint } from "#app/modules/forms/fields.ts";
import { formatPhone, nationalDigits } from "#app/modules/phone/phone.ts";
import { CheckboxField, FieldErrors, FormErrors, TextField } from "../kit/Field.tsx";
import { PhoneField } from "../kit/PhoneField.tsx";
import * as formCss from "../kit/form.css.ts";
import { button } from "../kit/kit.css.ts";
import { useHydrated } from "../use-hydrated.ts";
import * as css from "./auth.css.ts";

/** The steps' native constraints (required, maxlength): the browser checks them before a plain post. */
const constraints = { phone: formConstraint(phoneSchema), code: formConstraint(codeSchema), profile: formConstraint(registrationSchema) };

/** A form element to post with: react-router's Form on /login, a fetcher's Form in the modal. */
export type StepForm = ComponentType<FormHTMLAttributes<HTMLFormElement> & { method: "post"; action: string; children: ReactNode; ref?: Ref<HTMLFormElement> }>;

type StepProps = {
  Form: StepForm;
  action: string;
  result: SubmissionResult<string[]> | null | undefined;
  redirectTo: string;
  /** Marks fetcher submissions; rendered disabled until hydration (so plain posts never carry it). */
  viaFetcher?: boolean;
  busy?: boolean;
  /** The step's title is the page's h1 on /login and /cabinet/create, an h2 in the modal. */
  titleAs?: "h1" | "h2";
};

function Hidden({ intent, redirectTo, viaFetcher }: { intent: string; redirectTo: string; viaFetcher?: boolean }) {
  const hydrated = useHydrated();
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {viaFetcher ? <input type="hidden" name="_fetcher" value="1" disabled={!hydrated} /> : null}
    </>
  );
}

/**
 * Step 1: the phone, mask +7 (###) ###-##-##; continue stays disabled until it is complete
 * (with JavaScript), and once the field is left the buyer is told what is missing.
 */
export function PhoneStep({ Form, action, result, redirectTo, viaFetcher, busy, defaultPhone, titleAs: Title = "h2" }: StepProps & { defaultPhone: string }) {
  const hydrated = useHydrated();
  const [digits, setDigits] = useState(defaultPhone ? (nationalDigits(defaultPhone) ?? "") : "");
  const [touched, setTouched] = useState(false);
  const [form, fields] = useForm({
    id: "login-phone",
    lastResult: result,
    defaultValue: { phone: defaultPhone ? formatPhone(defaultPhone) : "" },
    constraint: constraints.phone,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: phoneSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const complete = digits.length === 10;
  // Why the button is disabled, said beside the field once the buyer has left it.
  const live = hydrated && touched && !complete ? [digits.length === 0 ? authTexts.required : authTexts.incompletePhone] : undefined;
  const errors = complete ? undefined : (fields.phone.errors ?? live);
  return (
    <Form method="post" action={action} {...getFormProps(form)} className={css.step}>
      <Title className={css.title}>{authTexts.stepPhone}</Title>
      <FormErrors errors={form.errors} />
      <Hidden intent="send" redirectTo={redirectTo} viaFetcher={viaFetcher} />
      <PhoneField
        label="Телефон"
        errors={errors}
        inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), onBlur: () => setTouched(true) }}
        onDigitsChange={setDigits}
      />
      <p className={css.hint}>Пришлём SMS с кодом для входа. Если вы у нас впервые, зарегистрируем вас.</p>
      <button type="submit" className={button} disabled={(hydrated && !complete) || busy}>
        Продолжить
      </button>
    </Form>
  );
}

function useCountdown(seconds: number): number {
  const [left, setLeft] = useState(seconds);
  // A new figure starts the count again; set while rendering, so no frame shows the old count.
  const [countingFrom, setCountingFrom] = useState(seconds);
  if (countingFrom !== seconds) {
    setCountingFrom(seconds);
    setLeft(seconds);
  }
  useEffect(() => {
    if (seconds <= 0) return;
    const started = Date.now();
    const timer = window.setInterval(() => {
      const remaining = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setLeft(remaining);
      if (remaining === 0) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [seconds]);
  return left;
}

const mmss = (seconds: number) => `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;

/** Step 2: the code, mask ####, checked at the fourth digit (with JavaScript); resend after the countdown. */
export function CodeStep({
  Form,
  action,
  result,
  redirectTo,
  viaFetcher,
  busy,
  phone,
  resendInSeconds,
  titleAs: Title = "h2",
}: StepProps & { phone: string; resendInSeconds: number }) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const left = useCountdown(resendInSeconds);
  const [form, fields] = useForm({
    id: "login-code",
    lastResult: result,
    constraint: constraints.code,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: codeSchema }),
    shouldValidate: "onSubmit",
  });
  const { key: _key, ...codeProps } = getInputProps(fields.code, { type: "text" });
  const invalid = fields.code.errors?.length ? { "aria-invalid": true as const, "aria-describedby": `${codeProps.id}-error` } : {};
  return (
    <div className={css.step}>
      <Form method="post" action={action} {...getFormProps(form)} ref={formRef} className={css.step}>
        <Title className={css.title}>{authTexts.stepCode}</Title>
        <p className={css.hint}>Код отправлен на {formatPhone(phone)}.</p>
        <FormErrors errors={form.errors} />
        <Hidden intent="verify" redirectTo={redirectTo} viaFetcher={viaFetcher} />
        <div className={formCss.field}>
          <label htmlFor={codeProps.id} className={formCss.label}>
            Код из SMS
          </label>
          <PatternFormat
            id={codeProps.id}
            name={codeProps.name}
            form={codeProps.form}
            format="####"
            mask="_"
            inputMode="numeric"
            autoComplete="one-time-code"
            // oxlint-disable-next-line jsx-a11y/no-autofocus -- the buyer has just asked for this code: typing it is the one thing left to do
            autoFocus
            className={`${formCss.input} ${css.codeInput}`}
            onValueChange={({ value }) => {
              // Spec section 4: the code is checked by itself at the fourth digit.
              if (value.length === 4) formRef.current?.requestSubmit();
            }}
            {...invalid}
          />
          <FieldErrors id={`${codeProps.id}-error`} errors={fields.code.errors} />
        </div>
        <button type="submit" className={button} disabled={busy}>
          Войти
        </button>
      </Form>
      <div className={css.row}>
        <Form method="post" action={action}>
          <Hidden intent="resend" redirectTo={redirectTo} viaFetcher={viaFetcher} />
          {hydrated && left > 0 ? (
            <span className={css.hint} data-testid="resend-countdown">
              Новый код через {mmss(left)}
            </span>
          ) : (
            <button type="submit" className={css.linkButton}>
              Получить новый код
            </button>
          )}
        </Form>
        <Form method="post" action={action}>
          <Hidden intent="back" redirectTo={redirectTo} viaFetcher={viaFetcher} />
          <button type="submit" className={css.linkButton}>
            Изменить номер
          </button>
        </Form>
      </div>
      {!hydrated ? <p className={css.hint}>Новый код можно запросить через 2 минуты после предыдущего.</p> : null}
    </div>
  );
}

const profileComplete = (form: HTMLFormElement) => registrationSchema.safeParse(Object.fromEntries(new FormData(form))).success;

/**
 * Step 3: full name, e-mail and consent; finish is disabled while the form is invalid (with
 * JavaScript). The name and e-mail typed at checkout are filled in.
 */
export function ProfileStep({
  Form,
  action,
  result,
  redirectTo,
  viaFetcher,
  busy,
  prefill,
  titleAs: Title = "h2",
}: StepProps & { prefill?: { fullName: string; email: string } }) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [valid, setValid] = useState(false);
  const readValidity = (form: HTMLFormElement) => setValid(profileComplete(form));
  // What was typed and ticked before the scripts came (a slow phone) counts too: no change
  // event will say so, and the button must not turn disabled over a complete form.
  useLayoutEffect(() => {
    if (formRef.current) setValid(profileComplete(formRef.current));
  }, []);
  const [form, fields] = useForm({
    id: "login-profile",
    lastResult: result,
    defaultValue: { fullName: prefill?.fullName ?? "", email: prefill?.email ?? "" },
    constraint: constraints.profile,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registrationSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <div className={css.step}>
      <Form method="post" action={action} {...getFormProps(form)} ref={formRef} className={css.step} onChange={(event) => readValidity(event.currentTarget)}>
        <Title className={css.title}>{authTexts.stepProfile}</Title>
        <FormErrors errors={form.errors} />
        <Hidden intent="register" redirectTo={redirectTo} viaFetcher={viaFetcher} />
        <TextField label="ФИО" errors={fields.fullName.errors} inputProps={{ ...getInputProps(fields.fullName, { type: "text" }), autoComplete: "name" }} />
        <TextField label="E-mail" errors={fields.email.errors} inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} />
        <CheckboxField label={<ConsentLabel />} errors={fields.consent.errors} inputProps={getInputProps(fields.consent, { type: "checkbox" })} />
        <button type="submit" className={button} disabled={(hydrated && !valid) || busy}>
          Завершить регистрацию
        </button>
      </Form>
      <div className={css.row}>
        <Form method="post" action={action}>
          <Hidden intent="skip" redirectTo={redirectTo} viaFetcher={viaFetcher} />
          <button type="submit" className={css.linkButton}>
            Пропустить
          </button>
        </Form>
        <Form method="post" action={action}>
          <Hidden intent="back" redirectTo={redirectTo} viaFetcher={viaFetcher} />
          <button type="submit" className={css.linkButton}>
            Назад
          </button>
        </Form>
      </div>
    </div>
  );
}
