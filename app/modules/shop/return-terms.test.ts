import { describe, expect, it } from "vitest";
import { daysText, returnAddress, returnTermsLine, returnTermsParagraphs } from "./return-terms.ts";

describe("the return terms from the settings", () => {
  it("names the period in Russian words", () => {
    expect([7, 14, 21, 22, 25, 111, 92].map(daysText)).toEqual(["7 дней", "14 дней", "21 день", "22 дня", "25 дней", "111 дней", "92 дня"]);
  });

  it("states the period and the address, or the office when none is set", () => {
    const set = { accepted: true, periodDays: 14, address: "101000, г. Москва, ул. Возвратная, д. 1" };
    expect(returnTermsParagraphs(set).join(" ")).toContain("в течение 14 дней после дня получения заказа");
    expect(returnTermsLine(set)).toContain("по адресу: 101000, г. Москва, ул. Возвратная, д. 1;");
    expect(returnAddress({ ...set, address: null })).toMatch(/^Москва, ул\. Мясницкая/);
  });

  it("says to phone, and names no period, when returns are not taken on the site", () => {
    const off = { accepted: false, periodDays: 7, address: null };
    expect(returnTermsParagraphs(off)[0]).toContain("не принимает заявки на возврат через сайт");
    expect(returnTermsParagraphs(off).join(" ")).not.toContain("7 дней");
    expect(returnTermsLine(off)).toMatch(/^Возврат: позвоните нам, \+7/);
  });
});
