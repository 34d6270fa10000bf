import { useFetcher, useRouteLoaderData } from "react-router";
import type { ListActionResult, ListMembership } from "#app/modules/lists/types.ts";
import type { loader as rootLoader } from "#app/root.tsx";

const none: ListMembership = { cart: {}, wishlist: [], compare: [] };

/** Which products the buyer's lists hold, as the root loader read them for this page. */
export function useListMembership(): ListMembership {
  return useRouteLoaderData<typeof rootLoader>("root")?.lists ?? none;
}

/**
 * Whether a product is in the wishlist or comparison list as the buyer sees it: while its
 * form is on its way (and the page revalidates), what was asked for; then what the server says.
 */
export function useInList(list: "wishlist" | "compare", productId: number, fetcherKey: string): { inList: boolean; busy: boolean } {
  const membership = useListMembership();
  const fetcher = useFetcher<ListActionResult>({ key: fetcherKey });
  const asked = fetcher.formData?.get("intent");
  const inList = asked === "add" ? true : asked === "remove" ? false : membership[list].includes(productId);
  return { inList, busy: fetcher.state !== "idle" };
}
