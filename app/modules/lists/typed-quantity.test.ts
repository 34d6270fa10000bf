import { describe, expect, it } from "vitest";
import { readTypedQuantity } from "./typed-quantity.ts";

describe("readTypedQuantity", () => {
  const line = { stock: 5, limit: 50 };

  it("takes a whole number from 0 (leave the cart) up to what may be bought", () => {
    expect(readTypedQuantity("0", line)).toEqual({ ok: true, quantity: 0 });
    expect(readTypedQuantity(" 3 ", line)).toEqual({ ok: true, quantity: 3 });
    expect(readTypedQuantity("05", line)).toEqual({ ok: true, quantity: 5 });
  });

  it("refuses anything else with the reason, in Russian", () => {
    expect(readTypedQuantity("99999", line)).toEqual({ ok: false, reason: "Количество не изменено: доступно 5 шт." });
    for (const typed of ["2.5", "1e3", "-5", "−5", "", "две", "0x10", "+2", null]) {
      expect(readTypedQuantity(typed, line), String(typed)).toEqual({ ok: false, reason: "Количество не изменено: введите целое число от 1 до 5" });
    }
    expect(readTypedQuantity("11", { stock: 30, limit: 10 })).toEqual({ ok: false, reason: "Количество не изменено: не больше 10 шт. одной монеты в заказе" });
    expect(readTypedQuantity("1", { stock: 0, limit: 10 })).toEqual({ ok: false, reason: "Нет в наличии: уберите монету из корзины" });
  });
});
