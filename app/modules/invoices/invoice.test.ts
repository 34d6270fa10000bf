import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { DEMO_BANK } from "../config/invoice-settings.ts";
import { DEMO_SELLER } from "../config/seller.ts";
import { includedVat, invoiceDocument } from "./invoice.ts";
import { renderInvoicePdf } from "./invoice-pdf.server.ts";

const seller = { name: DEMO_SELLER.name, inn: DEMO_SELLER.inn, address: DEMO_SELLER.address, ...DEMO_BANK, demo: true };
const buyer = {
  kind: "organisation" as const,
  inn: "7707083893",
  kpp: "773601001",
  name: "ООО «Ромашка»",
  legalAddress: "117312, г. Москва, ул. Вавилова, д. 19",
  contactPerson: "Петров Иван",
};

const invoice = invoiceDocument({
  number: "2026-000123",
  issuedAt: new Date("2026-11-27T12:00:00Z"),
  dueAt: new Date("2026-12-02T21:00:00Z"),
  seller,
  buyer,
  lines: [
    { name: "Георгий Победоносец 50 рублей 2024", quantity: 2, priceRub: 95_000, vat: "exempt", subject: "commodity" },
    { name: "Червонец «Сеятель» 1976", quantity: 1, priceRub: 61_000, vat: "vat22", subject: "commodity" },
    { name: "Доставка", quantity: 1, priceRub: 500, vat: "vat22", subject: "service" },
  ],
});

describe("the invoice document", () => {
  it("adds the lines up, takes the VAT out of the taxed ones only and says the total in words", () => {
    expect(invoice.totalKopecks).toBe(25_150_000);
    expect(invoice.vat).toEqual([{ rate: 22, kopecks: includedVat(6_100_000, 22) + includedVat(50_000, 22) }]);
    expect(includedVat(6_100_000, 22)).toBe(1_100_000);
    expect(invoice.totalInWords).toBe("Двести пятьдесят одна тысяча пятьсот рублей 00 копеек");
    expect(invoice.payBy).toBe("02.12.2026");
    expect(invoice.purpose).toContain("Оплата по счёту № 2026-000123 от 27.11.2026");
  });

  it("prints as a PDF whose text holds the seller's bank, the buyer and the numbers", async () => {
    const pdf = await renderInvoicePdf(invoice);
    const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
    const plain = text.replace(/\s+/g, " ");
    for (const expected of [
      "Счёт на оплату № 2026-000123 от 27.11.2026",
      "044525225",
      "40702810200000012345",
      "30101810400000000225",
      "ООО «Ромашка»",
      "ИНН 7707083893, КПП 773601001",
      "190 000,00",
      "Без НДС",
      "22%",
      "251 500,00",
      "В том числе НДС 22%:",
      "11 090,16",
      "Двести пятьдесят одна тысяча пятьсот рублей 00 копеек",
      "ДЕМОНСТРАЦИОННЫЕ РЕКВИЗИТЫ",
    ])
      expect(plain).toContain(expected);
  });
});
