import { data, Link, redirect } from "react-router";
import { requireUser } from "#app/modules/auth/require-user.server.ts";
import { identificationStepView, submitIdentification } from "#app/modules/storefront/checkout-identification.server.ts";
import { identificationTexts } from "#app/modules/compliance/identification.ts";
import { flashHeader } from "#app/modules/flash/flash.server.ts";
import { clientIp } from "#app/modules/request/client-ip.server.ts";
import { databaseContext, listOwnerContext } from "#app/modules/request/context.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { readFormBody } from "#app/modules/shared/form-body.server.ts";
import { IdentificationForm } from "#app/ui/checkout/IdentificationForm.tsx";
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

export default function CheckoutIdentification({ loaderData, actionData }: Route.ComponentProps) {
  const { today, thresholdText, returning, defaults } = loaderData;
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
        <IdentificationForm
          today={today}
          defaults={defaults}
          returning={returning}
          lastResult={actionData}
          actions={
            <>
              <button type="submit" className={button}>
                Сохранить и вернуться к заказу
              </button>
              <Link to="/checkout">Вернуться без сохранения</Link>
            </>
          }
        />
      </div>
    </>
  );
}
