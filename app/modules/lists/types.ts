/** What a list form's fetcher gets back with JavaScript on (without it, a redirect and a notice). */
export type ListActionResult = {
  ok: boolean;
  message: string;
  /** For the Metrica e-commerce dataLayer (integrations.md section 7): cart additions and removals. */
  analytics?: { action: "add" | "remove"; product: { id: string; name: string; price: number | null; quantity: number } };
  /** Less was put in the cart than asked (the stock, the per-order limit, a launch's cap): `message` says why. */
  capped?: boolean;
  /** 'Пересчитать' through a fetcher: why each refused line's typed quantity was refused, by its field name. */
  refused?: Record<string, string>;
};

/** Which products a buyer's lists hold: the cart's quantities, the wishlist's and comparison's ids (at most the list limits). */
export type ListMembership = { cart: Record<number, number>; wishlist: number[]; compare: number[] };
