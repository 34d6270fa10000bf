import { z } from "zod";
import { PAYMENT_STATUSES, type PaymentProvider, type PaymentState, type PaymentStatus } from "./provider.ts";

/**
 * YooKassa's HTTP notifications (research/integrations.md §5). They carry no signature, so a
 * notification is only a hint: it must come from YooKassa's addresses, and the payment is then
 * fetched again with GET /v3/payments/{id}; only the fetched state is trusted. Verifying is
 * pure: a duplicate or out-of-order delivery verifies to the same current state, and the caller
 * stores it idempotently (and answers YooKassa 200).
 */

/** The source ranges of the official SDK's SecurityHelper; IPv6: the whole 2a02:5180::/32. */
export const YOOKASSA_SOURCE_RANGES = [
  "185.71.76.0/27",
  "185.71.77.0/27",
  "77.75.153.0/25",
  "77.75.154.128/25",
  "77.75.156.11/32",
  "77.75.156.35/32",
  "2a02:5180::/32",
] as const;

type ParsedAddress = { version: 4; value: bigint } | { version: 6; value: bigint };

function parseIPv4(text: string): bigint | undefined {
  const parts = text.split(".");
  if (parts.length !== 4) return undefined;
  let value = 0n;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || (part.length > 1 && part.startsWith("0"))) return undefined;
    const byte = Number(part);
    if (byte > 255) return undefined;
    value = (value << 8n) | BigInt(byte);
  }
  return value;
}

function parseIPv6(text: string): bigint | undefined {
  let rest = text;
  // A dotted IPv4 tail ("::ffff:185.71.76.1") counts as the last two groups.
  let tail: bigint | undefined;
  const lastColon = rest.lastIndexOf(":");
  if (rest.includes(".")) {
    tail = parseIPv4(rest.slice(lastColon + 1));
    if (tail === undefined) return undefined;
    rest = `${rest.slice(0, lastColon + 1)}0:0`;
  }
  const halves = rest.split("::");
  if (halves.length > 2) return undefined;
  const groupsOf = (half: string) => (half === "" ? [] : half.split(":"));
  const head = groupsOf(halves[0]!);
  const back = halves.length === 2 ? groupsOf(halves[1]!) : [];
  const missing = 8 - head.length - back.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...back];
  let value = 0n;
  for (const group of groups) {
    if (!/^[0-9a-f]{1,4}$/i.test(group)) return undefined;
    value = (value << 16n) | BigInt(Number.parseInt(group, 16));
  }
  if (tail !== undefined) value = (value & ~0xffffffffn) | tail;
  return value;
}

/**
 * An address as IPv4 or IPv6; an IPv4-mapped IPv6 address (::ffff:a.b.c.d, as a dual-stack
 * socket reports IPv4 peers) is taken as its IPv4 address. A zone ("%eth0") is ignored.
 */
export function parseIpAddress(input: string): ParsedAddress | undefined {
  let text = input.trim();
  if (text.startsWith("[") && text.endsWith("]")) text = text.slice(1, -1);
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  if (!text.includes(":")) {
    const v4 = parseIPv4(text);
    return v4 === undefined ? undefined : { version: 4, value: v4 };
  }
  const v6 = parseIPv6(text);
  if (v6 === undefined) return undefined;
  if (v6 >> 32n === 0xffffn) return { version: 4, value: v6 & 0xffffffffn };
  return { version: 6, value: v6 };
}

/** Whether `ip` lies in `cidr` ("a.b.c.d/n", "x::/n", or a bare address for /32 or /128). */
export function isInCidr(ip: string, cidr: string): boolean {
  const [network = "", bitsText] = cidr.split("/");
  const address = parseIpAddress(ip);
  const range = parseIpAddress(network);
  if (!address || !range || address.version !== range.version) return false;
  const width = address.version === 4 ? 32 : 128;
  const bits = bitsText === undefined ? width : Number(bitsText);
  if (!Number.isInteger(bits) || bits < 0 || bits > width || (bitsText !== undefined && !/^\d+$/.test(bitsText))) return false;
  const shift = BigInt(width - bits);
  return address.value >> shift === range.value >> shift;
}

/** Whether a notification's source address is one of YooKassa's. */
export function isYooKassaSourceAddress(ip: string | null | undefined): boolean {
  if (!ip) return false;
  return YOOKASSA_SOURCE_RANGES.some((range) => isInCidr(ip, range));
}

export const PAYMENT_NOTIFICATION_EVENTS = ["payment.succeeded", "payment.canceled", "payment.waiting_for_capture"] as const;
export type PaymentNotificationEvent = (typeof PAYMENT_NOTIFICATION_EVENTS)[number];

const notificationSchema = z.object({
  type: z.literal("notification"),
  event: z.enum(PAYMENT_NOTIFICATION_EVENTS),
  object: z.object({
    id: z.string().regex(/^[\w-]{1,64}$/),
    status: z.enum(PAYMENT_STATUSES).optional(),
  }),
});
const anyEventSchema = z.object({ type: z.literal("notification"), event: z.string().min(1) });

export type PaymentNotification = {
  event: PaymentNotificationEvent;
  paymentId: string;
  /** What the notification claims; never trusted. */
  claimedStatus: PaymentStatus | undefined;
};

export type ParsedNotification =
  | { ok: true; notification: PaymentNotification }
  /** "unsupported_event": a well-formed notification of another event (refund.succeeded…), to acknowledge and ignore. */
  | { ok: false; reason: "malformed" | "unsupported_event"; detail: string };

/** Checks a notification body (a JSON string or the parsed value) against the documented shape. */
export function parseNotification(body: unknown): ParsedNotification {
  let value = body;
  if (typeof body === "string") {
    try {
      value = JSON.parse(body) as unknown;
    } catch {
      return { ok: false, reason: "malformed", detail: "not JSON" };
    }
  }
  const parsed = notificationSchema.safeParse(value);
  if (parsed.success) {
    const { event, object } = parsed.data;
    return { ok: true, notification: { event, paymentId: object.id, claimedStatus: object.status } };
  }
  const other = anyEventSchema.safeParse(value);
  if (other.success && !(PAYMENT_NOTIFICATION_EVENTS as readonly string[]).includes(other.data.event)) {
    return { ok: false, reason: "unsupported_event", detail: other.data.event };
  }
  const issue = parsed.error.issues[0];
  return { ok: false, reason: "malformed", detail: issue ? `${issue.path.join(".") || "(root)"}: ${issue.message}` : "invalid" };
}

export type VerifiedNotification =
  | {
      ok: true;
      event: PaymentNotificationEvent;
      /** The payment as fetched from the provider: the only state to store. */
      payment: PaymentState;
      /** Whether the notification's event and status agree with the fetched payment. */
      agrees: boolean;
    }
  | { ok: false; reason: "foreign_address" | "malformed" | "unsupported_event" | "payment_mismatch"; detail: string };

const EVENT_STATUS: Record<PaymentNotificationEvent, PaymentStatus> = {
  "payment.succeeded": "succeeded",
  "payment.canceled": "canceled",
  "payment.waiting_for_capture": "waiting_for_capture",
};

/**
 * Refuses a notification from a foreign address or of a wrong shape, otherwise fetches the
 * payment again and returns the fetched state. Errors of the provider (PaymentProviderError)
 * propagate: the caller answers non-200 so that YooKassa delivers again later.
 */
export async function verifyNotification(provider: PaymentProvider, body: unknown, ip: string | null | undefined): Promise<VerifiedNotification> {
  if (!isYooKassaSourceAddress(ip)) return { ok: false, reason: "foreign_address", detail: String(ip ?? "(none)") };
  const parsed = parseNotification(body);
  if (!parsed.ok) return parsed;
  const { notification } = parsed;
  const payment = await provider.getPayment(notification.paymentId);
  if (payment.paymentId !== notification.paymentId) {
    return { ok: false, reason: "payment_mismatch", detail: `asked for ${notification.paymentId}, got ${payment.paymentId}` };
  }
  const expected = EVENT_STATUS[notification.event];
  const agrees = payment.status === expected && (notification.claimedStatus === undefined || notification.claimedStatus === payment.status);
  return { ok: true, event: notification.event, payment, agrees };
}
