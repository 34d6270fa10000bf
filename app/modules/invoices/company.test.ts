import { describe, expect, it } from "vitest";
import { companySchema, companyTexts } from "./company.ts";
import "../forms/zod-locale.ts";

const organisation = {
  inn: "7707083893",
  kpp: "773601001",
  name: "ПАО Сбербанк",
  legalAddress: "117312, г. Москва, ул. Вавилова, д. 19",
  contactPerson: "Иванова Анна",
};
const messages = (input: Record<string, unknown>) => {
  const parsed = companySchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
};

describe("a buyer buying as an organisation or an ИП", () => {
  it("takes an organisation with its КПП and an ИП without one, by the ИНН's length", () => {
    expect(companySchema.parse(organisation)).toMatchObject({ inn: "7707083893", kpp: "773601001", kind: "organisation" });
    expect(companySchema.parse({ ...organisation, inn: "500100732259", kpp: "", name: "ИП Петров Пётр Петрович" })).toMatchObject({
      kind: "entrepreneur",
      kpp: null,
    });
  });

  it("reads a ИНН and a КПП pasted with spaces or in lower case", () => {
    expect(companySchema.parse({ ...organisation, inn: "77 07 083893", kpp: "7736ab001" })).toMatchObject({ inn: "7707083893", kpp: "7736AB001" });
  });

  it("refuses a ИНН with a wrong control digit, of another length, and a КПП that does not fit the kind", () => {
    expect(messages({ ...organisation, inn: "7707083894" })).toEqual([`inn: ${companyTexts.innCheck}`]);
    expect(messages({ ...organisation, inn: "500100732258", kpp: "" })).toEqual([`inn: ${companyTexts.innCheck}`]);
    expect(messages({ ...organisation, inn: "77070838" })).toEqual([`inn: ${companyTexts.innFormat}`]);
    expect(messages({ ...organisation, kpp: "" })).toEqual([`kpp: ${companyTexts.kppRequired}`]);
    expect(messages({ ...organisation, kpp: "77360100" })).toEqual([`kpp: ${companyTexts.kppFormat}`]);
    expect(messages({ ...organisation, inn: "500100732259" })).toEqual([`kpp: ${companyTexts.kppForEntrepreneur}`]);
  });

  it("needs the name, the legal address and a contact person, each within its limit", () => {
    expect(messages({ ...organisation, name: " ", legalAddress: undefined, contactPerson: "я".repeat(121) })).toHaveLength(3);
  });
});
