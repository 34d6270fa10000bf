import type { Database } from "../db/client.server.ts";
import type { MetalRates } from "../pricing/pricing.ts";
import { removeFromList, setCartQuantity, type ListOwner } from "./lists.server.ts";
import { cartSummary, type CartLine } from "./summary.server.ts";
import { quantityField, readTypedQuantity } from "./typed-quantity.ts";

/**
 * 'Пересчитать' on /cart: the quantities typed into the lines (the form's fields as posted), all at
 * once. A bad one changes nothing at all; the fields refused are returned as they
 * were typed, for the page to name next to their lines.
 */
export async function updateCartQuantities(
  db: Database,
  owner: ListOwner,
  rates: MetalRates | null,
  posted: Record<string, unknown>,
): Promise<{ refused: URLSearchParams; messages: Record<string, string>; changed: number }> {
  const { lines } = await cartSummary(db, owner, rates);
  const refused = new URLSearchParams();
  const messages: Record<string, string> = {};
  const changes: [number, number][] = [];
  for (const line of lines) {
    const value = posted[quantityField(line.product.id)];
    if (typeof value !== "string" || value.trim() === String(line.quantity)) continue;
    const typed = readTypedQuantity(value, { stock: line.product.stock, limit: line.limit });
    if (typed.ok) {
      changes.push([line.product.id, typed.quantity]);
      continue;
    }
    refused.set(quantityField(line.product.id), value.slice(0, 12));
    messages[quantityField(line.product.id)] = refusalMessage(value, typed.reason);
  }
  if ([...refused.keys()].length > 0) return { refused, messages, changed: 0 };
  for (const [productId, quantity] of changes) {
    if (quantity === 0) await removeFromList(db, "cart", owner, [productId]);
    else await setCartQuantity(db, owner, productId, quantity, { capAtStock: true });
  }
  return { refused, messages, changed: changes.length };
}

/**
 * Why the quantity typed for a line (echoed in the page's address) was refused, or null. The
 * message names what was typed: the field shows the quantity the total is for, not the refused one.
 */
export function refusedQuantity(line: CartLine, search: URLSearchParams): { message: string } | null {
  const typed = search.get(quantityField(line.product.id));
  if (typed === null) return null;
  const result = readTypedQuantity(typed, { stock: line.product.stock, limit: line.limit });
  return result.ok ? null : { message: refusalMessage(typed, result.reason) };
}

/** The field shows the quantity the total is for, so the message names what was typed. */
function refusalMessage(typed: string, why: string): string {
  const shown = typed.trim().slice(0, 12);
  return shown ? `Введено ${shown}. ${why}` : why;
}
