/**
 * Yandex Metrica e-commerce events (integrations.md section 7), pushed to the
 * `dataLayer` container only in the browser. The counter script itself is loaded by the
 * root when METRICA_COUNTER_ID is set; without it the pushes just stay in the array.
 */
export type EcommerceProduct = { id: string; name: string; price: number | null; quantity: number };

type DataLayerWindow = Window & { dataLayer?: unknown[] };

export function pushEcommerce(action: "add" | "remove" | "purchase", products: EcommerceProduct[], actionField?: Record<string, unknown>): void {
  if (typeof window === "undefined") return;
  const target = window as DataLayerWindow;
  target.dataLayer = target.dataLayer ?? [];
  const cleaned = products.map(({ price, ...product }) => (price === null ? product : { ...product, price }));
  target.dataLayer.push({ ecommerce: { currencyCode: "RUB", [action]: { ...(actionField ? { actionField } : {}), products: cleaned } } });
}
