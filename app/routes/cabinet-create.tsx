import { Form } from "react-router";
import { handleLoginAction, loginView } from "#app/modules/storefront/login-flow.server.ts";
import { requireUser } from "#app/modules/auth/require-user.server.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { ProfileStep, type StepForm } from "#app/ui/auth/LoginSteps.tsx";
import type { Route } from "./+types/cabinet-create";

/** Step 3 of sign-in without JavaScript, in the blank layout (spec section 2). */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  requireUser(url, context);
  const view = await loginView(request, context);
  return { redirectTo: view.redirectTo, prefill: view.prefill };
}

export function action({ request, url, context }: Route.ActionArgs) {
  requireUser(url, context);
  return handleLoginAction(request, context);
}

export const meta = () => [...pageMeta({ title: "Завершение регистрации" }), { name: "robots", content: "noindex" }];

export default function CabinetCreate({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  return (
    <ProfileStep
      Form={Form as StepForm}
      action="/cabinet/create"
      result={result}
      redirectTo={loaderData.redirectTo}
      prefill={loaderData.prefill}
      titleAs="h1"
    />
  );
}
