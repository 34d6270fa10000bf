import { describe, expect, it } from "vitest";
import { alertFormSchema } from "./alert-form.server.ts";
import { alertMet, alertStep } from "./rules.ts";

type Parsed = { ok: true; value: unknown } | { ok: false; reason: string };
const readAlert = (fields: Record<string, string>): Parsed => {
  const parsed = alertFormSchema.safeParse(fields);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, reason: parsed.error.issues[0]!.message };
};

describe("alertFormSchema", () => {
  it("reads a price limit as people type it", () => {
    for (const typed of ["95000", "95 000", "95 000 ₽", "95000,00", "95\u00a0000 руб."]) {
      expect(readAlert({ kind: "price_below", channel: "sms", threshold: typed }), typed).toEqual({
        ok: true,
        value: { kind: "price_below", channel: "sms", threshold: 95_000 },
      });
    }
  });

  it("refuses bad values with Russian messages", () => {
    const error = (fields: Record<string, string>) => {
      const parsed = readAlert(fields);
      return parsed.ok ? null : parsed.reason;
    };
    expect(error({ kind: "price_below", channel: "sms", threshold: "" })).toBe("Укажите цену в рублях, ниже которой сообщить.");
    expect(error({ kind: "price_below", channel: "sms", threshold: "-5" })).toMatch(/целое число рублей/);
    expect(error({ kind: "price_below", channel: "sms", threshold: "0" })).toMatch(/целое число рублей/);
    expect(error({ kind: "price_below", channel: "sms", threshold: "95000,50" })).toMatch(/целое число рублей/);
    expect(error({ kind: "price_below", channel: "sms", threshold: "abc" })).toMatch(/целое число рублей/);
    expect(error({ kind: "price_below", channel: "sms", threshold: "20000000" })).toMatch(/не может быть больше 10\s000\s000 ₽/);
    expect(error({ kind: "price_below", channel: "fax", threshold: "1" })).toBe("Выберите, как сообщить: SMS или e-mail.");
    expect(error({ kind: "later", channel: "sms" })).toBe("Выберите, о чём сообщить.");
  });

  it("needs no price for an arrival alert", () => {
    expect(readAlert({ kind: "in_stock", channel: "email", threshold: "junk" })).toEqual({
      ok: true,
      value: { kind: "in_stock", channel: "email", threshold: null },
    });
  });
});

describe("alertMet", () => {
  const coin = { price: 94_999, stock: 0, active: true };
  it("holds strictly below the limit, and for arrival when there is stock", () => {
    expect(alertMet({ kind: "price_below", threshold: 95_000 }, coin)).toBe(true);
    expect(alertMet({ kind: "price_below", threshold: 94_999 }, coin)).toBe(false);
    expect(alertMet({ kind: "in_stock", threshold: null }, coin)).toBe(false);
    expect(alertMet({ kind: "in_stock", threshold: null }, { ...coin, stock: 1 })).toBe(true);
  });
  it("never holds for a coin off sale or without a price", () => {
    expect(alertMet({ kind: "in_stock", threshold: null }, { ...coin, stock: 3, active: false })).toBe(false);
    expect(alertMet({ kind: "price_below", threshold: 95_000 }, { ...coin, price: null })).toBe(false);
  });
});

describe("alertStep", () => {
  it("sends once when the condition comes true, arms again when it goes, and at most once a day", () => {
    expect(alertStep({ armed: true, lastNotifiedDay: null }, false, "2026-11-23")).toBe("wait");
    expect(alertStep({ armed: true, lastNotifiedDay: null }, true, "2026-11-23")).toBe("notify");
    // Sent: the condition still holds on the next checks — nothing more.
    expect(alertStep({ armed: false, lastNotifiedDay: "2026-11-23" }, true, "2026-11-23")).toBe("wait");
    expect(alertStep({ armed: false, lastNotifiedDay: "2026-11-23" }, true, "2026-11-24")).toBe("wait");
    // The price went back up: armed again, but a new drop the same day stays silent until tomorrow.
    expect(alertStep({ armed: false, lastNotifiedDay: "2026-11-23" }, false, "2026-11-23")).toBe("rearm");
    expect(alertStep({ armed: true, lastNotifiedDay: "2026-11-23" }, true, "2026-11-23")).toBe("wait");
    expect(alertStep({ armed: true, lastNotifiedDay: "2026-11-23" }, true, "2026-11-24")).toBe("notify");
  });
});
