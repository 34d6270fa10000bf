import { type Fetcher, useRouteLoaderData } from "react-router";
import type { ListActionResult, ListMembership } from "#app/modules/lists/types.ts";

const none: ListMembership = { cart: {}, wishlist: [], compare: [] };

/** The part of the root loader's data read here (components sit below root.tsx and do not import it). */
type RootData = { lists: ListMembership } | undefined;

/** Which products the buyer's lists hold, as the root loader read them for this page. */
export function useListMembership(): ListMembership {
  return (useRouteLoaderData("root") as RootData)?.lists ?? none;
}

/**
 * Whether a product is in the wishlist or comparison list as the buyer sees it: while its
 * form is on its way (and the page revalidates), what was asked for; then what the server says.
 */
export function inListNow(fetcher: Pick<Fetcher<ListActionResult>, "formData">, inListOnServer: boolean): boolean {
  const asked = fetcher.formData?.get("intent");
  return asked === "add" ? true : asked === "remove" ? false : inListOnServer;
}
