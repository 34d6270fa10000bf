import { Form, useNavigation } from "react-router";
import { handleStaffLogin, staffLoginView } from "#app/modules/admin/login.server.ts";
import { staffLoginTexts } from "#app/modules/admin/login-texts.ts";
import { adminMeta } from "#app/modules/admin/meta.ts";
import { flashContext } from "#app/modules/request/context.ts";
import { formatPhone } from "#app/modules/phone/phone.ts";
import { AdminFrame } from "#app/ui/admin/AdminFrame.tsx";
import * as css from "#app/ui/admin/admin.css.ts";
import * as form from "#app/ui/kit/form.css.ts";
import { button } from "#app/ui/kit/kit.css.ts";
import { otherNumber } from "./login.css.ts";
import type { Route } from "./+types/login";

export const meta = () => adminMeta("Вход для сотрудников");

export async function loader({ request, context }: Route.LoaderArgs) {
  return { view: await staffLoginView(request, context), flash: context.get(flashContext) };
}

export function action({ request, context }: Route.ActionArgs) {
  return handleStaffLogin(request, context);
}

export default function StaffLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { view, flash } = loaderData;
  const error = actionData?.error ?? null;
  const busy = useNavigation().state === "submitting";
  return (
    <AdminFrame menu={[]} who={null} flash={flash}>
      <div className={css.loginBox}>
        <h1 className={css.title}>Вход для сотрудников</h1>
        {error && !error.field ? (
          <p className={form.formError} role="alert">
            {error.message}
          </p>
        ) : null}
        {view.step === "phone" ? (
          <Form method="post">
            <div className={form.field}>
              <label htmlFor="staff-phone" className={form.label}>
                Телефон
              </label>
              <input
                id="staff-phone"
                name="phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                required
                className={form.input}
                placeholder="+7 (999) 123-45-67"
              />
              {error?.field === "phone" ? (
                <p className={form.error} role="alert">
                  {error.message}
                </p>
              ) : null}
            </div>
            <button type="submit" name="intent" value="send" className={button} disabled={busy}>
              Получить код
            </button>
          </Form>
        ) : (
          <>
            <p>
              {formatPhone(view.phone)}. {staffLoginTexts.codeSent}
            </p>
            <Form method="post">
              <div className={form.field}>
                <label htmlFor="staff-code" className={form.label}>
                  Код из SMS
                </label>
                <input
                  id="staff-code"
                  name="code"
                  type="text"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="\d{4}"
                  maxLength={4}
                  required
                  className={form.input}
                />
                {error?.field === "code" ? (
                  <p className={form.error} role="alert" data-testid="code-error">
                    {error.message}
                  </p>
                ) : null}
              </div>
              <button type="submit" name="intent" value="verify" className={button} disabled={busy}>
                Войти
              </button>
            </Form>
            <Form method="post">
              <button type="submit" name="intent" value="back" className={otherNumber}>
                Другой номер
              </button>
            </Form>
          </>
        )}
      </div>
    </AdminFrame>
  );
}
