import { describe, expect, it } from "vitest";
import { offeredPayments, PAYMENT_IDS } from "./methods.ts";

describe("the ways an order may be paid", () => {
  it("offers card payment up to the card limit, on receipt with special delivery, the invoice always", () => {
    expect(offeredPayments({ specialDelivery: false, total: 300_000 }, 300_000)).toEqual([PAYMENT_IDS.online, PAYMENT_IDS.invoice]);
    expect(offeredPayments({ specialDelivery: false, total: 300_001 }, 300_000)).toEqual([PAYMENT_IDS.invoice]);
    expect(offeredPayments({ specialDelivery: true, total: 300_001 }, 300_000)).toEqual([PAYMENT_IDS.onReceipt, PAYMENT_IDS.invoice]);
  });
});
