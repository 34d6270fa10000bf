import { SaxesParser } from "saxes";
import { describe, expect, it } from "vitest";
import { includedVat, isOrderPaid, moscowDateTime, saleDocument, type SaleOrder, xmlText } from "./sale-document.ts";

const order: SaleOrder = {
  id: 7,
  number: "2026-000007",
  status: "completed",
  paymentId: 6,
  createdAt: new Date("2026-03-01T22:30:00Z"),
  updatedAt: new Date("2026-03-02T08:00:00Z"),
  total: 1350,
  comment: "Позвонить <до> обеда & не позже",
  buyer: { id: 3, lastName: "О'Коннор", name: "Анна", secondName: "", phone: "+79260000001", email: "" },
  city: "Москва",
  address: "Курьер СДЭК: Москва, ул. Тверская, д. 1",
  lines: [{ goodId: "AG-0003", name: "Георгий «Победоносец» 3 рубля", price: 425, quantity: 2, sum: 850, vat: "exempt" }],
  delivery: { name: "Курьер СДЭК", price: 500, vat: "vat22" },
};

/** Every element's text by its path, as a strict XML parser reads the document. */
function texts(xml: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const path: string[] = [];
  let text = "";
  const parser = new SaxesParser();
  parser.on("opentag", (tag) => {
    path.push(tag.name);
    text = "";
  });
  parser.on("text", (chunk) => (text += chunk));
  parser.on("closetag", () => {
    const key = path.join("/");
    found.set(key, [...(found.get(key) ?? []), text]);
    path.pop();
    text = "";
  });
  parser.write(xml).close();
  return found;
}

describe("the orders document", () => {
  it("escapes the buyer's text and parses as XML with the day and time in Moscow", () => {
    const read = texts(saleDocument([order], "utf-8", new Date("2026-03-02T09:00:00Z")).toString("utf8"));
    expect(read.get("КоммерческаяИнформация/Документ/Комментарий")).toEqual(["Позвонить <до> обеда & не позже"]);
    // 22:30 UTC is 01:30 the next day in Moscow.
    expect(read.get("КоммерческаяИнформация/Документ/Дата")).toEqual(["2026-03-02"]);
    expect(read.get("КоммерческаяИнформация/Документ/Время")).toEqual(["01:30:00"]);
    expect(read.get("КоммерческаяИнформация/Документ/Товары/Товар/Ид")).toEqual(["AG-0003", "ORDER_DELIVERY"]);
    expect(read.get("КоммерческаяИнформация/Документ/Контрагенты/Контрагент/Наименование")).toEqual(["О'Коннор Анна"]);
    // No e-mail given: only the phone.
    expect(read.get("КоммерческаяИнформация/Документ/Контрагенты/Контрагент/Контакты/Контакт/Тип")).toEqual(["Телефон рабочий"]);
    expect(read.get("КоммерческаяИнформация/Документ/ЗначенияРеквизитов/ЗначениеРеквизита/Значение")).toContain("Выполнен");
  });

  it("an order paid on receipt counts as paid once handed over; an online one from its payment on", () => {
    expect(isOrderPaid({ status: "completed", paymentId: 6 })).toBe(true);
    expect(isOrderPaid({ status: "assembling", paymentId: 6 })).toBe(false);
    expect(isOrderPaid({ status: "assembling", paymentId: 4 })).toBe(true);
    expect(isOrderPaid({ status: "awaiting_payment", paymentId: 4 })).toBe(false);
    expect(isOrderPaid({ status: "cancelled", paymentId: 4 })).toBe(false);
  });

  it("VAT included in a sum is counted to the kopeck", () => {
    expect(includedVat(500, 22)).toBe(90.16);
    expect(includedVat(1200, 20)).toBe(200);
  });

  it("drops the control characters XML 1.0 forbids", () => {
    expect(xmlText("a\u0001b\u000bc\td")).toBe("abc\td");
    expect(moscowDateTime(new Date("2025-12-31T21:00:00Z"))).toEqual({ date: "2026-01-01", time: "00:00:00" });
  });
});
