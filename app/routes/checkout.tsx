import { lazy, Suspense, useEffect, useState } from "react";
import { Form, Link, redirect, useNavigation, useRouteLoaderData, useSubmit } from "react-router";
import { handleCheckoutPost } from "#app/modules/storefront/checkout-action.server.ts";
import { clientIp } from "#app/modules/request/client-ip.server.ts";
import { checkoutScope, paymentRedirect } from "#app/modules/storefront/checkout-scope.server.ts";
import { checkoutView } from "#app/modules/checkout/checkout.server.ts";
import { getConfig } from "#app/modules/config/config.server.ts";
import { pointKindOf } from "#app/modules/delivery/provider.ts";
import { paymentWindowText } from "#app/modules/payments/deadline.ts";
import { flashHeader } from "#app/modules/flash/flash.server.ts";
import { checkoutErrorsContext, checkoutErrorsHeader, checkoutErrorsMiddleware } from "#app/modules/checkout/form-errors.server.ts";
import { readFormBody } from "#app/modules/shared/form-body.server.ts";
import { parseCheckoutPost } from "#app/modules/checkout/draft-form.server.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { button } from "#app/ui/kit/kit.css.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import {
  AddressSection,
  CartSection,
  CitySection,
  CommentSection,
  CompanySection,
  ContactSection,
  DeliverySection,
  OrderChangedBox,
  OrderErrorBox,
  PaymentSection,
  PickupSlotSection,
  POINT_FILTER_FORM,
  PointsSection,
  TotalsBox,
  UpdatePricesBox,
} from "#app/ui/checkout/CheckoutSections.tsx";
import * as css from "#app/ui/checkout/checkout.css.ts";
import { IdentificationSection } from "#app/ui/checkout/IdentificationSection.tsx";
import { checkoutIdentification } from "#app/modules/storefront/checkout-identification.server.ts";
import { FormErrors } from "#app/ui/kit/Field.tsx";
import { TotalBar } from "#app/ui/checkout/TotalBar.tsx";
import type { loader as rootLoader } from "../root.tsx";
import type { FrameHandle } from "#app/modules/shop/frame-options.ts";
import type { Route } from "./+types/checkout";

const PointsMap = lazy(() => import("#app/ui/checkout/PointsMap.tsx"));

/** Spec section 9: the pickup-point list appears 500 ms after the delivery changes. */
const POINT_LIST_DELAY_MS = 500;

/** The previous POST's field errors reach this page once (a reload or another tab shows none). */
export const middleware: Route.MiddlewareFunction[] = [checkoutErrorsMiddleware];

export async function loader({ url, context }: Route.LoaderArgs) {
  const scope = await checkoutScope(context);
  const view = await checkoutView(scope.db, {
    owner: scope.owner,
    user: scope.user,
    rates: scope.rates,
    provider: scope.provider,
    pointFilter: (url.searchParams.get("pvz") ?? "").slice(0, 60),
    cityQuery: (url.searchParams.get("city") ?? "").trim().slice(0, 60),
  });
  const identification = await checkoutIdentification(scope.db, scope.user, {
    token: view.token,
    total: view.totals.total,
    paymentId: view.draft.delivery.paymentId,
  });
  return {
    ...view,
    errors: context.get(checkoutErrorsContext),
    identification,
    signedIn: !!scope.user,
    mapsApiKey: getConfig().yandexMapsApiKey ?? null,
    paymentWindow: paymentWindowText(getConfig().orders.paymentTimeoutMinutes),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const scope = { ...(await checkoutScope(context)), ip: clientIp(request) };
  const outcome = await handleCheckoutPost(scope, parseCheckoutPost(await readFormBody(request)));
  switch (outcome.kind) {
    case "page": {
      const errors = await checkoutErrorsHeader(outcome.errors ?? {});
      return redirect(`/checkout${outcome.search ?? ""}${outcome.hash ? `#${outcome.hash}` : ""}`, {
        status: 303,
        headers: errors ? { "Set-Cookie": errors } : undefined,
      });
    }
    case "login":
      return redirect(outcome.href, {
        status: 303,
        headers: { "Set-Cookie": await flashHeader({ kind: "success", message: "Войдите, чтобы оформить заказ: всё, что вы ввели, сохранено." }) },
      });
    case "identify":
      return redirect("/checkout/identification", 303);
    case "placed":
      return redirect(await paymentRedirect(scope.db, outcome), 303);
  }
}

/** Spec section 2: the header sticks on the checkout, the quotes bar from lg up. */
export const handle = { frame: { stickyHeader: true } } satisfies FrameHandle;

export const meta = () => [
  ...pageMeta({ title: "Оформление заказа", description: "Оформление заказа: получатель, доставка, оплата." }),
  { name: "robots", content: "noindex" },
];

/** Shows the point list a moment after the delivery changes in the browser (spec section 9); at once on the server. */
function useDelayedReveal(key: string | number | null) {
  const [shownKey, setShownKey] = useState(key);
  useEffect(() => {
    if (key === shownKey) return;
    const timer = setTimeout(() => setShownKey(key), POINT_LIST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, shownKey]);
  return key === shownKey;
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const view = loaderData;
  const { draft, errors, cart, chosen, points } = view;
  const shopOpen = useRouteLoaderData<typeof rootLoader>("root")?.shopOpen ?? true;
  const navigation = useNavigation();
  const submit = useSubmit();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/checkout") === true;
  const pointsShown = useDelayedReveal(chosen?.id ?? null);
  // Quantity errors are shown at their lines; the list on top is for the fields further down.
  const errorMessages = Object.entries(errors)
    .filter(([name]) => !name.startsWith("qty:"))
    .flatMap(([, messages]) => messages);

  if (cart.lines.length === 0) {
    return (
      <>
        <PageHeader
          title="Оформление заказа"
          crumbs={[
            { name: "Корзина", href: "/cart" },
            { name: "Оформление заказа", href: "/checkout" },
          ]}
        />
        {draft.orderError ? <OrderErrorBox message={draft.orderError} /> : null}
        {view.lastOrder ? (
          // Another tab (or the back button) after 'Оформить заказ': the order it made, not just an empty cart.
          // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- an <output> holds phrasing content only, and this holds paragraphs
          <div className={css.placedBox} role="status" data-testid="last-order">
            <p>
              <strong>Заказ №{view.lastOrder.number} оформлен.</strong> Товары из корзины вошли в него.
            </p>
            <Link to={`/my/orders/${view.lastOrder.id}`} className={button}>
              Открыть заказ
            </Link>{" "}
            <Link to="/catalog">Перейти в каталог</Link>
          </div>
        ) : (
          <>
            <p>В корзине пока ничего нет.</p>
            <Link to="/catalog" className={button}>
              Перейти в каталог
            </Link>
          </>
        )}
      </>
    );
  }

  const kind = chosen ? pointKindOf(chosen.id) : undefined;
  const showPoints = points && kind && pointsShown;
  return (
    <>
      <PageHeader
        title="Оформление заказа"
        crumbs={[
          { name: "Корзина", href: "/cart" },
          { name: "Оформление заказа", href: "/checkout" },
        ]}
      />
      {/* Pickup-point search is a GET of this page; it lives outside the order form (forms do not nest), and only beside the points it searches (its button is theirs). */}
      {showPoints ? <form id={POINT_FILTER_FORM} method="get" action="/checkout#points" /> : null}
      <Form method="post" action="/checkout" key={view.revision} preventScrollReset className={css.layout} aria-busy={busy}>
        <input type="hidden" name="token" value={view.token} />
        {/* What this page shows: 'Оформить заказ' places exactly this, or shows what changed. */}
        <input type="hidden" name="shown" value={view.shown} />
        <div className={css.sections}>
          {draft.orderError ? <OrderErrorBox message={draft.orderError} /> : null}
          {draft.priceNotice ? <UpdatePricesBox notice={draft.priceNotice} /> : null}
          {draft.changeNotice ? <OrderChangedBox notice={draft.changeNotice} /> : null}
          {errorMessages.length > 0 ? (
            <div id="form-errors">
              <FormErrors errors={["Проверьте выделенные поля:", ...errorMessages]} />
            </div>
          ) : null}
          <CartSection cart={cart} errors={errors} />
          <ContactSection draft={draft} errors={errors} />
          <CompanySection draft={draft} errors={errors} />
          <CitySection draft={draft} cityResults={view.cityResults} />
          <DeliverySection
            view={view}
            // With JavaScript a new delivery is applied at once (prices, points); without it, the button below does it.
            onChoose={(event) => submit(event.currentTarget.form, { method: "post", action: "/checkout", preventScrollReset: true })}
          />
          {showPoints ? (
            <PointsSection
              draft={draft}
              errors={errors}
              points={points}
              kindWord={kind}
              map={
                view.mapsApiKey && points.list.length > 0 ? (
                  <Suspense fallback={null}>
                    <PointsMap apiKey={view.mapsApiKey} points={points.list} selected={draft.pointCode} />
                  </Suspense>
                ) : null
              }
            />
          ) : null}
          {view.pickup ? <PickupSlotSection pickup={view.pickup} errors={errors} /> : null}
          {draft.delivery.courier ? <AddressSection draft={draft} errors={errors} /> : null}
          <PaymentSection draft={draft} paymentWindow={view.paymentWindow} payments={view.payments} />
          {view.identification ? <IdentificationSection {...view.identification} signedIn={view.signedIn} /> : null}
          <CommentSection draft={draft} errors={errors} />
          <TotalBar total={view.totals.total} />
        </div>
        <TotalsBox view={view} shopOpen={shopOpen} signedIn={view.signedIn} />
      </Form>
    </>
  );
}
