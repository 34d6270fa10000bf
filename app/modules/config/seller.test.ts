import { describe, expect, it } from "vitest";
import { sellerLine } from "../shop/seller.ts";
import { ASSAY_REGISTER_SEARCH_URL, DEMO_SELLER, innMatchesOgrn, isValidInn, isValidOgrn } from "./seller.ts";

describe("ИНН and ОГРН check digits", () => {
  it("accepts real organisations' numbers (Sberbank, Yandex) and an entrepreneur's 12-digit ИНН", () => {
    expect(isValidInn("7707083893")).toBe(true);
    expect(isValidInn("7736207543")).toBe(true);
    expect(isValidInn("500100732259")).toBe(true);
  });

  it("refuses a wrong check digit, a wrong length, letters and spaces", () => {
    expect(isValidInn("7707083894")).toBe(false);
    expect(isValidInn("500100732250")).toBe(false);
    expect(isValidInn("500100732269")).toBe(false);
    expect(isValidInn("77070838")).toBe(false);
    expect(isValidInn("77070838931")).toBe(false);
    expect(isValidInn("770708389O")).toBe(false);
    expect(isValidInn(" 7707083893")).toBe(false);
  });

  it("checks ОГРН (13 digits, modulo 11) and ОГРНИП (15 digits, modulo 13)", () => {
    expect(isValidOgrn("1027700132195")).toBe(true);
    expect(isValidOgrn("1027700229193")).toBe(true);
    expect(isValidOgrn("304500116000157")).toBe(true);
    expect(isValidOgrn("1027700132196")).toBe(false);
    expect(isValidOgrn("304500116000158")).toBe(false);
    expect(isValidOgrn("10277001321")).toBe(false);
    expect(isValidOgrn("10277001321950")).toBe(false);
  });

  it("pairs an organisation's ИНН with ОГРН and an entrepreneur's with ОГРНИП", () => {
    expect(innMatchesOgrn("7707083893", "1027700132195")).toBe(true);
    expect(innMatchesOgrn("500100732259", "304500116000157")).toBe(true);
    expect(innMatchesOgrn("7707083893", "304500116000157")).toBe(false);
  });

  it("ships demo details that pass the checks and say they are demo", () => {
    expect(isValidInn(DEMO_SELLER.inn)).toBe(true);
    expect(isValidOgrn(DEMO_SELLER.ogrn)).toBe(true);
    expect(sellerLine({ ...DEMO_SELLER, assayRegisterUrl: ASSAY_REGISTER_SEARCH_URL, demo: true })).toMatch(
      /ИНН 7701999993, ОГРН 1027700999996, .*\(демонстрационные реквизиты\)$/,
    );
    expect(sellerLine({ ...DEMO_SELLER, assayRegisterUrl: ASSAY_REGISTER_SEARCH_URL, ogrn: "304500116000157", inn: "500100732259", demo: false })).toContain(
      "ОГРНИП 304500116000157",
    );
  });
});
