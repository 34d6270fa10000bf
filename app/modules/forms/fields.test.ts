import { describe, expect, it } from "vitest";
import { z } from "zod";
import { profileSchema, registrationSchema } from "../auth/profile.ts";
import { buybackRequestSchema } from "../buyback/buyback-form.ts";
import { identificationFields } from "../compliance/identification.ts";
import { consentField, emailField, formConstraint, formTexts, namePartField, optionalText, phoneField, requiredText } from "./fields.ts";

const messages = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe("the forms vocabulary", () => {
  it("keeps the spec's texts exact", () => {
    expect(formTexts.required).toBe("Обязательное поле");
    expect(formTexts.badEmail).toBe("Email указан неверно");
  });

  it("gives zod's own messages in Russian: a rule written without its text never shows English", () => {
    const bare = messages(z.object({ lastName: z.string().max(60), age: z.number() }).safeParse({ lastName: "Щ".repeat(61), age: "x" }));
    expect(bare).toHaveLength(2);
    for (const message of bare) {
      expect(message).toMatch(/[А-Яа-яЁё]/);
      expect(message).not.toMatch(/Too big|expected|Invalid/);
    }
    expect(bare[0]).toContain("60");
  });

  it("refuses a 61-character surname in Russian, on the profile and wherever a name part is asked", () => {
    const surname = "Щ".repeat(61);
    expect(messages(profileSchema.safeParse({ name: "Иван", lastName: surname, email: "ivan@example.ru" }))).toEqual(["Не больше 60 символов"]);
    expect(messages(namePartField(true).safeParse(surname))).toEqual(["Не больше 60 символов"]);
    expect(messages(requiredText(60).safeParse(surname))).toEqual(["Не больше 60 символов"]);
    expect(namePartField(true).parse("Щ".repeat(60))).toHaveLength(60);
  });

  it("says what is wrong with each field in the shop's words", () => {
    expect(messages(requiredText(10).safeParse("   "))).toEqual(["Обязательное поле"]);
    expect(messages(requiredText(10).safeParse(undefined))).toEqual(["Обязательное поле"]);
    expect(optionalText(10).parse("  ")).toBe("");
    expect(messages(emailField.safeParse("плохой"))).toEqual(["Email указан неверно"]);
    expect(messages(emailField.safeParse(""))).toEqual(["Обязательное поле"]);
    expect(messages(phoneField.safeParse(""))).toEqual(["Обязательное поле"]);
    expect(messages(phoneField.safeParse("12345"))).toEqual(["Номер неполный: нужно 10 цифр после +7"]);
    expect(messages(phoneField.safeParse("+1 916 111 22 33"))).toEqual(["Введите номер в формате +7 (999) 123-45-67"]);
    expect(phoneField.parse("8 (916) 111-22-33")).toBe("+79161112233");
    expect(messages(consentField.safeParse(undefined))).toEqual(["Нужно согласие на обработку персональных данных"]);
  });

  it("gives the inputs their native constraints: required, and maxlength where a length is set", () => {
    const buyback = formConstraint(buybackRequestSchema);
    expect(buyback.name).toMatchObject({ required: true, maxLength: 100 });
    expect(buyback.phone).toMatchObject({ required: true });
    expect(buyback.comment).toMatchObject({ required: false, maxLength: 2000 });
    expect(buyback.consent).toMatchObject({ required: true });
    expect(formConstraint(registrationSchema)).toMatchObject({
      fullName: { required: true },
      email: { required: true, maxLength: 254 },
      consent: { required: true },
    });
    expect(formConstraint(profileSchema)).toMatchObject({ name: { required: true }, lastName: { required: false }, email: { required: true } });
    const identification = formConstraint(identificationFields);
    expect(identification.citizenship).toMatchObject({ required: true, maxLength: 60 });
    expect(identification.issuerCode).toMatchObject({ required: false, maxLength: 7 });
    expect(identification.passportSeries).toMatchObject({ required: false });
  });
});
