import { Form, redirect } from "react-router";
import { handleLoginAction, loginView } from "#app/modules/storefront/login-flow.server.ts";
import { userContext } from "#app/modules/request/context.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { CodeStep, PhoneStep, ProfileStep, type StepForm } from "#app/ui/auth/LoginSteps.tsx";
import { Breadcrumbs } from "#app/ui/kit/Breadcrumbs.tsx";
import type { Route } from "./+types/login";

/** Sign-in without JavaScript: the modal's three steps as plain forms (spec section 2). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const view = await loginView(request, context);
  if (context.get(userContext) && view.step === "phone") throw redirect(view.redirectTo === "/" ? "/my" : view.redirectTo);
  return view;
}

export function action({ request, context }: Route.ActionArgs) {
  return handleLoginAction(request, context);
}

export const meta = () => [...pageMeta({ title: "Вход или регистрация" }), { name: "robots", content: "noindex" }];

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  const common = { Form: Form as StepForm, action: "/login", result, redirectTo: loaderData.redirectTo, titleAs: "h1" as const };
  return (
    <>
      <Breadcrumbs items={[{ name: "Вход", href: "/login" }]} />
      {loaderData.step === "code" ? (
        <CodeStep {...common} phone={loaderData.phone} resendInSeconds={loaderData.resendInSeconds} />
      ) : loaderData.step === "profile" ? (
        <ProfileStep {...common} prefill={loaderData.prefill} />
      ) : (
        <PhoneStep {...common} defaultPhone={loaderData.phone} />
      )}
    </>
  );
}
