import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import { profileSchema } from "#app/modules/auth/profile.ts";
import { accountUser } from "#app/modules/auth/require-user.server.ts";
import { updateProfile } from "#app/modules/auth/sign-in.server.ts";
import { flashHeader } from "#app/modules/flash/flash.server.ts";
import { formConstraint } from "#app/modules/forms/fields.ts";
import { formatPhone } from "#app/modules/phone/phone.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { readFormBody } from "#app/modules/shared/form-body.server.ts";
import { TextField } from "#app/ui/kit/Field.tsx";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import { button } from "#app/ui/kit/kit.css.ts";
import * as css from "./my.css.ts";
import type { Route } from "./+types/profile-edit";

export function loader({ context }: Route.LoaderArgs) {
  const user = accountUser(context);
  return { defaults: { name: user.name, lastName: user.lastName, secondName: user.secondName, email: user.email }, phone: formatPhone(user.phone) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = accountUser(context);
  const submission = parseWithZod(await readFormBody(request), { schema: profileSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await updateProfile(context.get(databaseContext).db, user.id, submission.value);
  return redirect("/my/profile", { status: 303, headers: { "Set-Cookie": await flashHeader({ kind: "success", message: "Данные сохранены" }) } });
}

export const meta = () => [...pageMeta({ title: "Изменить личные данные" }), { name: "robots", content: "noindex" }];

const constraint = formConstraint(profileSchema);

export default function ProfileEdit({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    lastResult: actionData,
    defaultValue: loaderData.defaults,
    constraint,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <PageHeader
        title="Изменить личные данные"
        crumbs={[
          { name: "Личный кабинет", href: "/my" },
          { name: "Личные данные", href: "/my/profile" },
          { name: "Изменить", href: "/my/profile/edit" },
        ]}
      />
      <Form method="post" {...getFormProps(form)} className={css.form}>
        <TextField
          label="Фамилия"
          errors={fields.lastName.errors}
          inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "family-name" }}
        />
        <TextField label="Имя" errors={fields.name.errors} inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "given-name" }} />
        <TextField
          label="Отчество"
          errors={fields.secondName.errors}
          inputProps={{ ...getInputProps(fields.secondName, { type: "text" }), autoComplete: "additional-name" }}
        />
        <TextField label="E-mail" errors={fields.email.errors} inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} />
        <p>Телефон: {loaderData.phone} (это ваш логин; чтобы сменить его, позвоните нам)</p>
        <button type="submit" className={button}>
          Сохранить
        </button>
      </Form>
    </>
  );
}
