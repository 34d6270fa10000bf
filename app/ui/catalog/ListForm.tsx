import { useEffect, type ReactNode } from "react";
import { type FetcherWithComponents, useFetcher } from "react-router";
import { pushEcommerce } from "#app/modules/analytics/metrica.ts";
import type { ListActionResult } from "#app/modules/lists/types.ts";
import * as css from "./catalog.css.ts";

/** Fetchers of list forms are keyed "list:{cart|wishlist|compare}:…", so a page can tell a list is updating. */
export function listFetcherKey(list: "cart" | "wishlist" | "compare", suffix: string | number): string {
  return `list:${list}:${suffix}`;
}

/**
 * A cart, wishlist or comparison form. Without JavaScript it is a plain POST that
 * redirects back with a notice; with it, the same fields go through a fetcher (plus
 * `_fetcher`, added when it submits), the page's data revalidates (badges update),
 * and a cart addition or removal is reported to Metrica. `children` may be a function of the
 * form's fetcher: what the form holds can show its state without a fetcher hook of its own
 * (a catalogue card has three forms: one hook each, not two).
 */
export function ListForm({
  action,
  fetcherKey,
  className,
  children,
}: {
  action: "/cart" | "/wishlist" | "/product-comparison";
  fetcherKey?: string;
  className?: string;
  children: ReactNode | ((fetcher: FetcherWithComponents<ListActionResult>) => ReactNode);
}) {
  const fetcher = useFetcher<ListActionResult>(fetcherKey ? { key: fetcherKey } : undefined);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;

  useEffect(() => {
    if (result?.ok && result.analytics) pushEcommerce(result.analytics.action, [result.analytics.product]);
  }, [result]);

  return (
    // The form fetcher.Form would render, submitted through this fetcher as fetcher.Form does
    // (the pressed button's name and value included), without its router hooks: a catalogue
    // page has 72 of these. `_fetcher` is added here, so it exists only where JavaScript runs.
    <form
      method="post"
      action={action}
      className={className}
      data-pending={fetcher.state !== "idle" || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        // One change at a time per form: a second press while the first is on its way does nothing.
        if (fetcher.state !== "idle") return;
        const fields = new FormData(event.currentTarget);
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        if (submitter?.name) fields.append(submitter.name, submitter.value);
        fields.set("_fetcher", "1");
        void fetcher.submit(fields, { method: "post", action });
      }}
      data-discover="true"
    >
      {typeof children === "function" ? children(fetcher) : children}
      {result && !result.ok ? (
        <span role="alert" className={css.listFormError}>
          {result.message}
        </span>
      ) : null}
    </form>
  );
}
