import { type OrderChannel, orderChannels } from "../db/column-values.ts";
import { PAYMENT_IDS, type PaymentId } from "../payments/methods.ts";
import { companyLimits } from "../invoices/company.ts";

/**
 * What a member of staff has entered so far on /admin/orders/new, carried in the page's address:
 * each step is a POST form that redirects to the page with the next address, so the form works
 * without JavaScript, two tabs never share a half-made order, and nothing is stored until it is
 * placed. Read back defensively: whatever does not parse is left out.
 */
export type StaffOrderDraft = {
  buyer: number | null;
  /** [productId, quantity], one per coin, in the order they were added ("l=12x2,40x1" in the address). */
  lines: Array<[number, number]>;
  city: string | null;
  delivery: number | null;
  point: string | null;
  /** Office pickup: the slot agreed with the buyer ("2026-12-04T10:00"), or null to agree it later. */
  slot: string | null;
  street: string;
  house: string;
  room: string;
  payment: PaymentId;
  /** The company's details as staff typed them, for payment by invoice (checked by invoices/company.ts when used). */
  company: StaffOrderCompany;
  channel: OrderChannel;
  comment: string;
  /** The order's one-time token: a second press of «Подтвердить» finds the order it made. */
  token: string;
};

export type StaffOrderCompany = { inn: string; kpp: string; name: string; legalAddress: string; contactPerson: string };

/** A bounded draft: an address can carry this much, and no staff order needs more coins. */
export const STAFF_ORDER_LIMITS = {
  lines: 30,
  street: 120,
  house: 20,
  room: 20,
  comment: 500,
  inn: 20,
  kpp: 20,
  companyName: companyLimits.name,
  legalAddress: companyLimits.legalAddress,
  contactPerson: companyLimits.contactPerson,
} as const;

/** The company's fields in the page's address. */
const companyParams = { inn: "inn", kpp: "kpp", name: "cname", legalAddress: "caddr", contactPerson: "cperson" } as const satisfies Record<
  keyof StaffOrderCompany,
  string
>;
const companyMax: Record<keyof StaffOrderCompany, number> = {
  inn: STAFF_ORDER_LIMITS.inn,
  kpp: STAFF_ORDER_LIMITS.kpp,
  name: STAFF_ORDER_LIMITS.companyName,
  legalAddress: STAFF_ORDER_LIMITS.legalAddress,
  contactPerson: STAFF_ORDER_LIMITS.contactPerson,
};

export const channelLabels: Record<OrderChannel, string> = { phone: "по телефону", messenger: "в мессенджере", office: "в офисе" };

export function emptyStaffOrderDraft(token: string): StaffOrderDraft {
  return {
    buyer: null,
    lines: [],
    city: null,
    delivery: null,
    point: null,
    slot: null,
    street: "",
    house: "",
    room: "",
    payment: PAYMENT_IDS.online,
    company: { inn: "", kpp: "", name: "", legalAddress: "", contactPerson: "" },
    channel: "phone",
    comment: "",
    token,
  };
}

/** A way to pay the form offers, else online payment (the page's check then says what is allowed). */
export function readPaymentId(value: number): PaymentId {
  return value === PAYMENT_IDS.onReceipt || value === PAYMENT_IDS.invoice ? value : PAYMENT_IDS.online;
}

const id = (value: string | null) => (value && /^\d{1,9}$/.test(value) ? Number(value) : null);
const text = (value: string | null, max: number) => (value ?? "").replace(/\r\n?/g, "\n").slice(0, max);

export function readStaffOrderDraft(params: URLSearchParams): StaffOrderDraft | null {
  const token = params.get("t");
  if (!token || !/^staff-[\w-]{16,64}$/.test(token)) return null;
  const lines: Array<[number, number]> = [];
  for (const value of (params.get("l") ?? "").split(",").slice(0, STAFF_ORDER_LIMITS.lines)) {
    const match = /^(\d{1,9})x(\d{1,4})$/.exec(value);
    if (!match) continue;
    const [productId, quantity] = [Number(match[1]), Number(match[2])];
    if (quantity >= 1 && !lines.some(([other]) => other === productId)) lines.push([productId, quantity]);
  }
  const channel = params.get("ch");
  const payment = Number(params.get("pay"));
  const city = params.get("city");
  const point = params.get("pt");
  const slot = params.get("slot");
  return {
    buyer: id(params.get("buyer")),
    lines,
    city: city && /^\d{1,10}$/.test(city) ? city : null,
    delivery: id(params.get("d")),
    point: point && point.length <= 40 ? point : null,
    slot: slot && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(slot) ? slot : null,
    street: text(params.get("street"), STAFF_ORDER_LIMITS.street),
    house: text(params.get("house"), STAFF_ORDER_LIMITS.house),
    room: text(params.get("room"), STAFF_ORDER_LIMITS.room),
    payment: readPaymentId(payment),
    company: Object.fromEntries(
      (Object.keys(companyParams) as Array<keyof StaffOrderCompany>).map((key) => [key, text(params.get(companyParams[key]), companyMax[key])]),
    ) as StaffOrderCompany,
    channel: orderChannels.includes(channel as OrderChannel) ? (channel as OrderChannel) : "phone",
    comment: text(params.get("comment"), STAFF_ORDER_LIMITS.comment),
    token,
  };
}

/** The draft as the page's address (only what is set), with the page's own extras (a search, the step). */
export function staffOrderSearch(draft: StaffOrderDraft, extra: Record<string, string | number | null | undefined> = {}): string {
  const params = new URLSearchParams({ t: draft.token });
  if (draft.buyer !== null) params.set("buyer", String(draft.buyer));
  // One field for all the lines: the page's search forms carry the draft as hidden fields, one per name.
  if (draft.lines.length > 0) params.set("l", draft.lines.map(([productId, quantity]) => `${productId}x${quantity}`).join(","));
  if (draft.city) params.set("city", draft.city);
  if (draft.delivery !== null) params.set("d", String(draft.delivery));
  if (draft.point) params.set("pt", draft.point);
  if (draft.slot) params.set("slot", draft.slot);
  for (const key of ["street", "house", "room", "comment"] as const) if (draft[key]) params.set(key, draft[key]);
  params.set("pay", String(draft.payment));
  for (const key of Object.keys(companyParams) as Array<keyof StaffOrderCompany>) if (draft.company[key]) params.set(companyParams[key], draft.company[key]);
  params.set("ch", draft.channel);
  for (const [key, value] of Object.entries(extra)) if (value !== null && value !== undefined && value !== "") params.set(key, String(value));
  return `?${params.toString()}`;
}

export const staffOrderHref = (draft: StaffOrderDraft, extra?: Record<string, string | number | null | undefined>, hash?: string) =>
  `/admin/orders/new${staffOrderSearch(draft, extra)}${hash ? `#${hash}` : ""}`;
