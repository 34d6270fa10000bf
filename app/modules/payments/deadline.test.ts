import { describe, expect, it } from "vitest";
import { paymentDeadlineText, paymentWindowText } from "./deadline.ts";
import { cdekTrackingUrl } from "../delivery/tracking.ts";

describe("payment deadline texts", () => {
  it("gives the time alone within half a day, and the date too beyond it, in Moscow time", () => {
    const placedAt = new Date("2026-11-23T10:35:00Z");
    expect(paymentDeadlineText("2026-11-23T11:35:00Z", placedAt)).toBe("14:35");
    expect(paymentDeadlineText("2026-11-24T11:35:00Z", placedAt)).toBe("24.11.2026, 14:35");
  });

  it("says the payment window as 'в течение …' needs it", () => {
    expect(paymentWindowText(60)).toBe("1 часа");
    expect(paymentWindowText(120)).toBe("2 часов");
    expect(paymentWindowText(30)).toBe("30 минут");
    expect(paymentWindowText(21)).toBe("21 минуты");
    expect(paymentWindowText(11)).toBe("11 минут");
    expect(paymentWindowText(2880)).toBe("2 суток");
  });

  it("links a parcel to CDEK's tracking page", () => {
    expect(cdekTrackingUrl("1234567890")).toBe("https://www.cdek.ru/ru/tracking/?order_id=1234567890");
  });
});
