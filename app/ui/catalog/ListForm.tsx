import { type FormEvent, type MouseEvent, type ReactNode, useEffect } from "react";
import { type FetcherWithComponents, useFetcher } from "react-router";
import { pushEcommerce } from "#app/modules/analytics/metrica.ts";
import type { ListActionResult } from "#app/modules/lists/types.ts";
import * as css from "./catalog.css.ts";

/** Where each list's forms post. */
export const listActions = { cart: "/cart", wishlist: "/wishlist", compare: "/product-comparison" } as const;
export type ListName = keyof typeof listActions;
export type ListAction = (typeof listActions)[ListName];
type ListFetcher = FetcherWithComponents<ListActionResult>;

/** Fetchers of list forms are keyed "list:{cart|wishlist|compare}:…", so a page can tell a list is updating. */
export function listFetcherKey(list: ListName, suffix: string | number): string {
  return `list:${list}:${suffix}`;
}

/**
 * A list's answer once it has come: a cart addition or removal is reported to Metrica; a
 * refusal is returned, for the form to show.
 */
export function useListAnswer(fetcher: ListFetcher): string | undefined {
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (result?.ok && result.analytics) pushEcommerce(result.analytics.action, [result.analytics.product]);
  }, [result]);
  return result && !result.ok ? result.message : undefined;
}

/**
 * Submissions on their way, by their fetcher's `submit` (the same function for as long as the
 * fetcher's key is): a double click's second press can come before React has rendered the
 * first one's busy state, so the fetcher's state alone does not stop it.
 */
const onTheirWay = new WeakSet<ListFetcher["submit"]>();

/**
 * Submits a list form's fields through `fetcher` as fetcher.Form does (the pressed button's
 * name and value included), without its router hooks. `_fetcher` is added here, so it exists
 * only where JavaScript runs. One change at a time per fetcher: a second press while the
 * first is on its way does nothing.
 */
export function submitThroughFetcher(event: FormEvent<HTMLFormElement>, fetcher: ListFetcher, action: ListAction): void {
  event.preventDefault();
  submitFieldsThroughFetcher(pressedFormFields(event), fetcher, action);
}

/** The fields a submit event's form would post (the pressed button's name and value included), marked `_fetcher`. */
export function pressedFormFields(event: FormEvent<HTMLFormElement>): FormData {
  const fields = new FormData(event.currentTarget);
  const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
  if (submitter?.name) fields.append(submitter.name, submitter.value);
  fields.set("_fetcher", "1");
  return fields;
}

/**
 * `fields` through `fetcher`, one change at a time per fetcher (see submitThroughFetcher). Only the
 * submission's own promise says it is on its way: the `fetcher` a handler holds is from its last
 * render, and on a busy phone a press can come after the answer is shown but before that render's
 * effects ran, when its state still says "loading" and the press would be lost.
 */
export function submitFieldsThroughFetcher(fields: FormData, fetcher: Pick<ListFetcher, "submit">, action: ListAction): void {
  const { submit } = fetcher;
  if (onTheirWay.has(submit)) return;
  onTheirWay.add(submit);
  void submit(fields, { method: "post", action }).finally(() => onTheirWay.delete(submit));
}

/**
 * A list form's click handler: the second click of a double click, or the second tap of a
 * double tap (Chromium counts taps in `detail` as it counts clicks), is dropped before it
 * submits. On a fast connection the first press has been answered by then, so neither the
 * busy state nor `submitThroughFetcher` stops it, and one double tap added two coins.
 * Keyboard presses have `detail` 0 and pass.
 */
export function dropRepeatedPress(event: MouseEvent<HTMLFormElement>): void {
  const button = (event.target as Element).closest("button");
  if (event.detail > 1 && button?.type === "submit") event.preventDefault();
}

/** A list's refusal, beside its buttons. */
export function ListRefusal({ message }: { message: string | undefined }) {
  return message ? (
    <span role="alert" className={css.listFormError}>
      {message}
    </span>
  ) : null;
}

/**
 * A cart, wishlist or comparison form. Without JavaScript it is a plain POST that
 * redirects back with a notice; with it, the same fields go through a fetcher, the page's
 * data revalidates (badges update), and a cart addition or removal is reported to Metrica.
 * (A catalogue card's buttons share one form of their own: ProductActions.tsx.)
 */
export function ListForm({ action, fetcherKey, className, children }: { action: ListAction; fetcherKey?: string; className?: string; children: ReactNode }) {
  const fetcher = useFetcher<ListActionResult>(fetcherKey ? { key: fetcherKey } : undefined);
  const refusal = useListAnswer(fetcher);
  return (
    // The form fetcher.Form would render. Its click handler only drops a repeated press of its
    // submit buttons; a keyboard presses the buttons themselves.
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/click-events-have-key-events -- see above
    <form
      method="post"
      action={action}
      className={className}
      onClick={dropRepeatedPress}
      onSubmit={(event) => submitThroughFetcher(event, fetcher, action)}
      data-discover="true"
    >
      {children}
      <ListRefusal message={refusal} />
    </form>
  );
}
