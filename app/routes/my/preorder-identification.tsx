import { Link } from "react-router";
import { preorderTexts } from "#app/modules/preorders/preorders.ts";
import { clientIp } from "#app/modules/request/client-ip.server.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { loadPreorderIdentification, submitPreorderIdentification } from "#app/modules/storefront/preorder.server.ts";
import { IdentificationForm } from "#app/ui/checkout/IdentificationForm.tsx";
import * as css from "#app/ui/checkout/identification.css.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import { button } from "#app/ui/kit/kit.css.ts";
import type { Route } from "./+types/preorder-identification";

/** 115-FZ: a pre-order whose order may reach the threshold takes the buyer's identification with it (works without JavaScript). */
export function loader({ url, context }: Route.LoaderArgs) {
  return loadPreorderIdentification(url, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return submitPreorderIdentification(request, context, { ip: clientIp(request), userAgent: request.headers.get("User-Agent") });
}

export const meta = () => [...pageMeta({ title: preorderTexts.identificationTitle }), { name: "robots", content: "noindex" }];

export default function PreorderIdentification({ loaderData, actionData }: Route.ComponentProps) {
  const { today, thresholdText, returning, defaults, coin, quantity, redirectTo } = loaderData;
  return (
    <>
      <PageHeader
        title={preorderTexts.identificationTitle}
        crumbs={[
          { name: "Личный кабинет", href: "/my" },
          { name: "Предзаказы", href: "/my/preorders" },
          { name: preorderTexts.identificationTitle, href: "/my/preorders/identification" },
        ]}
      />
      <div className={css.page}>
        <p>
          Предзаказ: «{coin.name}», {quantity} шт.
        </p>
        <p>{preorderTexts.identificationWhy(thresholdText)}</p>
        <IdentificationForm
          today={today}
          defaults={defaults}
          returning={returning}
          lastResult={actionData}
          hidden={
            <>
              <input type="hidden" name="productId" value={coin.id} />
              <input type="hidden" name="quantity" value={quantity} />
              <input type="hidden" name="redirectTo" value={redirectTo} />
            </>
          }
          actions={
            <>
              <button type="submit" className={button}>
                Сохранить и оформить предзаказ
              </button>
              <Link to={redirectTo}>Вернуться без предзаказа</Link>
            </>
          }
        />
      </div>
    </>
  );
}
