import { describe, expect, it } from "vitest";
import { derivedVatTreatment, generalVatRate, isLegalTender, isProof, receiptVat, vatNotice, vatTreatment, type CoinTaxFacts } from "./vat.ts";

const georgiy: CoinTaxFacts = { kind: "investment", country: "Россия", issuer: "Банк России", denomination: "50 рублей", quality: "АЦ" };

describe("the general VAT rate by the order's date", () => {
  it("is 20 % up to the last moment of 2025 in Moscow and 22 % from 1 January 2026, 00:00 Moscow time", () => {
    expect(generalVatRate(new Date("2025-06-01T12:00:00+03:00"))).toBe(20);
    expect(generalVatRate(new Date("2025-12-31T23:59:59+03:00"))).toBe(20);
    // 31 December 2025, 21:30 UTC is already 1 January in Moscow.
    expect(generalVatRate(new Date("2025-12-31T21:30:00Z"))).toBe(22);
    expect(generalVatRate(new Date("2026-01-01T00:00:00+03:00"))).toBe(22);
    expect(generalVatRate(new Date("2026-11-23T09:00:00Z"))).toBe(22);
  });

  it("gives an older order's coin with VAT 20 % and a new one 22 %; an exempt coin stays exempt in both", () => {
    expect(receiptVat("included", new Date("2025-12-20T10:00:00+03:00"))).toBe("vat20");
    expect(receiptVat("included", new Date("2026-01-02T10:00:00+03:00"))).toBe("vat22");
    expect(receiptVat("exempt", new Date("2025-12-20T10:00:00+03:00"))).toBe("exempt");
    expect(receiptVat("exempt", new Date("2026-01-02T10:00:00+03:00"))).toBe("exempt");
  });
});

describe("the VAT treatment of a coin (пп. 11 п. 2 ст. 149 НК)", () => {
  it("exempts investment coins of the Bank of Russia that are not proof", () => {
    expect(derivedVatTreatment(georgiy)).toBe("exempt");
    expect(derivedVatTreatment({ ...georgiy, denomination: "3 рубля", quality: null })).toBe("exempt");
  });

  it("exempts a foreign investment coin that is legal tender (Maple Leaf, Eagle)", () => {
    expect(
      derivedVatTreatment({
        kind: "investment",
        country: "Канада",
        issuer: "Королевский канадский монетный двор",
        denomination: "50 канадских долларов",
        quality: "Анциркулейтед",
      }),
    ).toBe("exempt");
    expect(
      derivedVatTreatment({ kind: "investment", country: "США", issuer: "Монетный двор США", denomination: "50 долларов США", quality: "Анциркулейтед" }),
    ).toBe("exempt");
  });

  it("taxes proof coins, commemorative coins, coins without a face value and coins of states that are gone", () => {
    expect(derivedVatTreatment({ ...georgiy, quality: "Пруф" })).toBe("included");
    expect(derivedVatTreatment({ ...georgiy, quality: "Proof-like" })).toBe("exempt");
    expect(derivedVatTreatment({ ...georgiy, kind: "commemorative" })).toBe("included");
    expect(derivedVatTreatment({ kind: "investment", country: "ЮАР", issuer: "ЮАР (Rand Refinery)", denomination: "без номинала", quality: null })).toBe(
      "included",
    );
    expect(derivedVatTreatment({ kind: "investment", country: "СССР", issuer: "Госбанк СССР", denomination: "10 рублей", quality: "АЦ" })).toBe("included");
    expect(
      derivedVatTreatment({ kind: "investment", country: "Российская империя", issuer: "Российская империя", denomination: "5 рублей", quality: null }),
    ).toBe("included");
    // A Russian coin not issued by the Bank of Russia is not Russian legal tender.
    expect(derivedVatTreatment({ ...georgiy, issuer: "Частный монетный двор" })).toBe("included");
  });

  it("reads proof and legal tender as the catalogue writes them", () => {
    expect(isProof("Пруф")).toBe(true);
    expect(isProof("PF70")).toBe(true);
    expect(isProof("Пруф-лайк")).toBe(false);
    expect(isProof("Proof")).toBe(true);
    expect(isProof("АЦ")).toBe(false);
    expect(isProof(null)).toBe(false);
    expect(isLegalTender({ country: "Австрия", issuer: "Münze Österreich", denomination: "100 евро" })).toBe(true);
    expect(isLegalTender({ country: "Австрия", issuer: "Münze Österreich", denomination: "" })).toBe(false);
  });

  it("lets the operator's override win over the rule, both ways", () => {
    expect(vatTreatment({ ...georgiy, vatOverride: null })).toBe("exempt");
    expect(vatTreatment({ ...georgiy, vatOverride: "included" })).toBe("included");
    expect(vatTreatment({ ...georgiy, kind: "commemorative", vatOverride: "exempt" })).toBe("exempt");
  });

  it("says on the product page what the price holds", () => {
    expect(vatNotice("exempt", new Date("2026-03-01T00:00:00Z"))).toBe("НДС не облагается");
    expect(vatNotice("included", new Date("2026-03-01T00:00:00Z"))).toBe("Цена включает НДС 22 %");
    expect(vatNotice("included", new Date("2025-03-01T00:00:00Z"))).toBe("Цена включает НДС 20 %");
  });
});
