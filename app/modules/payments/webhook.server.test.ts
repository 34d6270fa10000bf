import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { type PaymentProvider, PaymentProviderError, type PaymentState } from "./provider.ts";
import { isInCidr, isYooKassaSourceAddress, parseIpAddress, parseNotification, verifyNotification } from "./webhook.server.ts";

const NOTIFICATION = readFileSync(new URL("../../../tests/fixtures/payments/yookassa-notification-succeeded.json", import.meta.url), "utf8");
const PAYMENT_ID = "2e5b1c9a-000f-5000-8000-1a2b3c4d5e6f";
const YOOKASSA_IP = "185.71.76.1";

function fakeProvider(state: Partial<PaymentState> | Error) {
  const getPayment = vi.fn(async (paymentId: string): Promise<PaymentState> => {
    if (state instanceof Error) throw state;
    return { paymentId, status: "succeeded", amountRub: 15230, orderId: "1042", paid: true, ...state };
  });
  const provider: PaymentProvider = {
    id: "yookassa",
    createPayment: () => Promise.reject(new Error("not used")),
    getPayment,
    cancelPayment: () => Promise.reject(new Error("not used")),
    refundPayment: () => Promise.reject(new Error("not used")),
    createSettlementReceipt: () => Promise.reject(new Error("not used")),
    getReceipt: () => Promise.reject(new Error("not used")),
  };
  return { provider, getPayment };
}

describe("addresses and CIDR ranges", () => {
  it("parses IPv4, IPv6, bracketed, zoned and IPv4-mapped addresses", () => {
    expect(parseIpAddress("185.71.76.1")).toEqual({ version: 4, value: 0xb9474c01n });
    expect(parseIpAddress("::ffff:185.71.76.1")).toEqual({ version: 4, value: 0xb9474c01n });
    expect(parseIpAddress("::FFFF:b947:4c01")).toEqual({ version: 4, value: 0xb9474c01n });
    expect(parseIpAddress("[2a02:5180::1]")).toEqual({ version: 6, value: (0x2a025180n << 96n) | 1n });
    expect(parseIpAddress("fe80::1%eth0")).toEqual({ version: 6, value: (0xfe80n << 112n) | 1n });
    expect(parseIpAddress("::")).toEqual({ version: 6, value: 0n });
    expect(parseIpAddress("1:2:3:4:5:6:7:8")).toEqual({ version: 6, value: 0x00010002000300040005000600070008n });
  });

  it("refuses what is not an address", () => {
    for (const bad of [
      "",
      "185.71.76",
      "185.71.76.256",
      "185.71.076.1",
      "1.2.3.4.5",
      "2a02:::1",
      "1:2:3:4:5:6:7:8:9",
      "1::2::3",
      "12345::",
      "g::1",
      "::ffff:1.2.3",
      "localhost",
      "1:2:3:4:5:6:7::8:9",
    ]) {
      expect(parseIpAddress(bad), bad).toBeUndefined();
    }
  });

  it("matches CIDR boundaries", () => {
    expect(isInCidr("185.71.76.0", "185.71.76.0/27")).toBe(true);
    expect(isInCidr("185.71.76.31", "185.71.76.0/27")).toBe(true);
    expect(isInCidr("185.71.76.32", "185.71.76.0/27")).toBe(false);
    expect(isInCidr("185.71.75.255", "185.71.76.0/27")).toBe(false);
    expect(isInCidr("77.75.154.128", "77.75.154.128/25")).toBe(true);
    expect(isInCidr("77.75.154.127", "77.75.154.128/25")).toBe(false);
    expect(isInCidr("10.1.2.3", "0.0.0.0/0")).toBe(true);
    expect(isInCidr("77.75.156.11", "77.75.156.11")).toBe(true);
    expect(isInCidr("2a02:5180:ffff:ffff:ffff:ffff:ffff:ffff", "2a02:5180::/32")).toBe(true);
    expect(isInCidr("2a02:5181::", "2a02:5180::/32")).toBe(false);
    // Different families never match; a bad prefix length matches nothing.
    expect(isInCidr("185.71.76.1", "2a02:5180::/32")).toBe(false);
    expect(isInCidr("185.71.76.1", "185.71.76.0/33")).toBe(false);
    expect(isInCidr("185.71.76.1", "185.71.76.0/x")).toBe(false);
  });

  it("accepts YooKassa's IPv4, IPv6 and IPv4-mapped addresses and refuses others", () => {
    for (const ip of [
      "185.71.76.1",
      "185.71.77.30",
      "77.75.153.127",
      "77.75.154.200",
      "77.75.156.11",
      "77.75.156.35",
      "2a02:5180::1",
      "2a02:5180:0:1::42",
      "::ffff:185.71.76.1",
      "::ffff:77.75.156.35",
    ]) {
      expect(isYooKassaSourceAddress(ip), ip).toBe(true);
    }
    for (const ip of [
      "127.0.0.1",
      "::1",
      "185.71.76.32",
      "77.75.153.128",
      "77.75.156.12",
      "2a02:5181::1",
      "::ffff:127.0.0.1",
      "::185.71.76.1",
      "",
      null,
      undefined,
      "garbage",
    ]) {
      expect(isYooKassaSourceAddress(ip), String(ip)).toBe(false);
    }
  });
});

describe("parsing notifications", () => {
  it("reads the documented shape, from a string or a parsed value", () => {
    const expected = { ok: true, notification: { event: "payment.succeeded", paymentId: PAYMENT_ID, claimedStatus: "succeeded" } };
    expect(parseNotification(NOTIFICATION)).toEqual(expected);
    expect(parseNotification(JSON.parse(NOTIFICATION))).toEqual(expected);
    expect(parseNotification({ type: "notification", event: "payment.waiting_for_capture", object: { id: PAYMENT_ID } })).toMatchObject({
      ok: true,
      notification: { event: "payment.waiting_for_capture", claimedStatus: undefined },
    });
  });

  it("refuses malformed bodies", () => {
    const good = JSON.parse(NOTIFICATION) as Record<string, unknown>;
    for (const bad of [
      "{not json",
      "",
      null,
      [],
      42,
      { ...good, type: undefined },
      { ...good, type: "event" },
      { ...good, event: undefined },
      { ...good, object: undefined },
      { ...good, object: { status: "succeeded" } },
      { ...good, object: { id: "" } },
      { ...good, object: { id: "../../refunds" } },
      { ...good, object: { id: PAYMENT_ID, status: "paid" } },
    ]) {
      expect(parseNotification(bad), JSON.stringify(bad)).toMatchObject({ ok: false, reason: "malformed" });
    }
  });

  it("tells a notification of another event apart, to acknowledge and ignore", () => {
    expect(parseNotification({ type: "notification", event: "refund.succeeded", object: { id: "r-1" } })).toEqual({
      ok: false,
      reason: "unsupported_event",
      detail: "refund.succeeded",
    });
  });
});

describe("verifying a notification", () => {
  it("refuses a foreign address without asking the provider", async () => {
    const { provider, getPayment } = fakeProvider({});
    for (const ip of ["203.0.113.7", "::ffff:203.0.113.7", "2001:db8::1", undefined]) {
      expect(await verifyNotification(provider, NOTIFICATION, ip)).toMatchObject({ ok: false, reason: "foreign_address" });
    }
    expect(getPayment).not.toHaveBeenCalled();
  });

  it("refuses a malformed notification from YooKassa's address without asking the provider", async () => {
    const { provider, getPayment } = fakeProvider({});
    expect(await verifyNotification(provider, "{}", YOOKASSA_IP)).toMatchObject({ ok: false, reason: "malformed" });
    expect(getPayment).not.toHaveBeenCalled();
  });

  it("re-fetches the payment and returns the fetched state, from IPv4, IPv6 and mapped IPv4", async () => {
    const { provider, getPayment } = fakeProvider({});
    for (const ip of [YOOKASSA_IP, "2a02:5180::7", "::ffff:185.71.76.1"]) {
      expect(await verifyNotification(provider, NOTIFICATION, ip)).toEqual({
        ok: true,
        event: "payment.succeeded",
        agrees: true,
        payment: { paymentId: PAYMENT_ID, status: "succeeded", amountRub: 15230, orderId: "1042", paid: true },
      });
    }
    expect(getPayment).toHaveBeenCalledTimes(3);
    expect(getPayment).toHaveBeenCalledWith(PAYMENT_ID);
  });

  it("trusts the fetched payment over a notification that contradicts it", async () => {
    const { provider } = fakeProvider({ status: "pending", paid: false });
    expect(await verifyNotification(provider, NOTIFICATION, YOOKASSA_IP)).toEqual({
      ok: true,
      event: "payment.succeeded",
      agrees: false,
      payment: { paymentId: PAYMENT_ID, status: "pending", amountRub: 15230, orderId: "1042", paid: false },
    });
    const canceled = fakeProvider({ status: "canceled", paid: false });
    expect(await verifyNotification(canceled.provider, NOTIFICATION, YOOKASSA_IP)).toMatchObject({ ok: true, agrees: false, payment: { status: "canceled" } });
  });

  it("gives the same answer to a duplicate delivery", async () => {
    const { provider } = fakeProvider({});
    const first = await verifyNotification(provider, NOTIFICATION, YOOKASSA_IP);
    expect(await verifyNotification(provider, NOTIFICATION, YOOKASSA_IP)).toEqual(first);
  });

  it("refuses a fetched payment with another id", async () => {
    const { provider } = fakeProvider({ paymentId: "someone-else" });
    expect(await verifyNotification(provider, NOTIFICATION, YOOKASSA_IP)).toMatchObject({ ok: false, reason: "payment_mismatch" });
  });

  it("lets a provider failure through, so that YooKassa delivers again", async () => {
    const { provider } = fakeProvider(new PaymentProviderError("down", { provider: "yookassa", kind: "unavailable", retryable: true }));
    await expect(verifyNotification(provider, NOTIFICATION, YOOKASSA_IP)).rejects.toMatchObject({ retryable: true });
  });
});
