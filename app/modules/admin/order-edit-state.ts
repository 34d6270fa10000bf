import { STAFF_ORDER_LIMITS } from "./staff-order-draft.ts";

/**
 * The edit of an order on /admin/orders/:number/edit, carried in the page's address like a new
 * staff order (each step a POST that redirects), from the order as it was when the page was
 * opened: its version and lines, so a save after someone else's change is refused with what changed.
 */

type Contact = { name: string; lastName: string; secondName: string; email: string; phone: string };

export type OrderEditState = {
  version: number;
  /** The lines and total the edit started from (what a conflict is told against). */
  shown: { lines: Array<[number, number]>; total: number; status: string };
  lines: Array<[number, number]>;
  /** A new delivery; null keeps the order's. */
  delivery: number | null;
  point: string | null;
  address: { street: string; house: string; room: string };
  contact: Contact;
};

/** "12x2,40x1": the coins and quantities, in one field so a form may carry them as one hidden input. */
const pairs = (list: string | null) =>
  (list ?? "")
    .split(",")
    .slice(0, STAFF_ORDER_LIMITS.lines)
    .flatMap((value) => {
      const match = /^(\d{1,9})x(\d{1,4})$/.exec(value);
      return match ? [[Number(match[1]), Number(match[2])] as [number, number]] : [];
    });

export function readOrderEditState(params: URLSearchParams): OrderEditState | null {
  const version = Number(params.get("v"));
  const total = Number(params.get("st"));
  if (!Number.isSafeInteger(version) || version < 1 || !Number.isSafeInteger(total)) return null;
  const text = (name: string, max: number) => (params.get(name) ?? "").slice(0, max);
  const delivery = params.get("d");
  return {
    version,
    shown: { lines: pairs(params.get("s")), total, status: text("ss", 30) },
    lines: pairs(params.get("l")),
    delivery: delivery && /^\d{1,9}$/.test(delivery) ? Number(delivery) : null,
    point: params.get("pt")?.slice(0, 40) || null,
    address: { street: text("street", STAFF_ORDER_LIMITS.street), house: text("house", STAFF_ORDER_LIMITS.house), room: text("room", STAFF_ORDER_LIMITS.room) },
    contact: { lastName: text("ln", 60), name: text("fn", 60), secondName: text("sn", 60), phone: text("ph", 20), email: text("em", 254) },
  };
}

export function editHref(number: string, state: OrderEditState, extra: Record<string, string> = {}, hash?: string): string {
  const params = new URLSearchParams({ v: String(state.version), st: String(state.shown.total), ss: state.shown.status });
  const list = (lines: ReadonlyArray<[number, number]>) => lines.map(([id, quantity]) => `${id}x${quantity}`).join(",");
  params.set("s", list(state.shown.lines));
  params.set("l", list(state.lines));
  if (state.delivery !== null) params.set("d", String(state.delivery));
  if (state.point) params.set("pt", state.point);
  for (const [key, value] of Object.entries(state.address)) if (value) params.set(key, value);
  const contact = { ln: state.contact.lastName, fn: state.contact.name, sn: state.contact.secondName, ph: state.contact.phone, em: state.contact.email };
  for (const [key, value] of Object.entries(contact)) if (value) params.set(key, value);
  for (const [key, value] of Object.entries(extra)) if (value) params.set(key, value);
  return `/admin/orders/${encodeURIComponent(number)}/edit?${params.toString()}${hash ? `#${hash}` : ""}`;
}
