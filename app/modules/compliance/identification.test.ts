import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PAYMENT_IDS } from "../payments/methods.ts";
import { ListFormatError, parseExtremistList } from "./extremist-list.ts";
import { identificationSchema, maskedIdentification, normalizeListName, parseDate, requiresIdentification, screeningKey } from "./identification.ts";

const thresholds = { nonCash: 100_000, cash: 40_000 };

describe("identification threshold", () => {
  it("asks from the threshold on, not below it (online payment)", () => {
    expect(requiresIdentification(99_999, PAYMENT_IDS.online, thresholds)).toBe(false);
    expect(requiresIdentification(100_000, PAYMENT_IDS.online, thresholds)).toBe(true);
    expect(requiresIdentification(100_001, PAYMENT_IDS.online, thresholds)).toBe(true);
  });
  it("uses the cash threshold for payment on receipt", () => {
    expect(requiresIdentification(39_999, PAYMENT_IDS.onReceipt, thresholds)).toBe(false);
    expect(requiresIdentification(40_000, PAYMENT_IDS.onReceipt, thresholds)).toBe(true);
    expect(requiresIdentification(99_999, PAYMENT_IDS.onReceipt, thresholds)).toBe(true);
  });
});

describe("identification form", () => {
  const schema = identificationSchema("2026-11-23");
  const good = {
    fullName: " Иванов  Иван Иванович ",
    birthDate: "14.03.1980",
    citizenship: "Россия",
    passportSeries: "45 10",
    passportNumber: "123456",
    issueDate: "2000-04-01",
    issuer: "ОВД района Хамовники г. Москвы",
    issuerCode: "772-001",
    registrationAddress: "г. Москва, ул. Тверская, д. 1, кв. 2",
    consent: "on",
  };
  const errors = (input: Record<string, unknown>) => {
    const result = schema.safeParse(input);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
  };

  it("accepts a Russian passport and normalises what was typed", () => {
    const result = schema.parse(good);
    expect(result).toMatchObject({ fullName: "Иванов Иван Иванович", birthDate: "1980-03-14", passportSeries: "4510", issueDate: "2000-04-01" });
    expect(result).not.toHaveProperty("consent");
    expect(maskedIdentification(result)).toBe("Иванов И. И., документ •• 3456");
  });
  it("says in Russian what is wrong", () => {
    expect(errors({ ...good, fullName: "", issuer: "  " })).toMatchObject({ fullName: "Обязательное поле", issuer: "Обязательное поле" });
    expect(errors({ ...good, birthDate: "31.02.1980" })).toMatchObject({ birthDate: "Введите дату в формате ДД.ММ.ГГГГ" });
    expect(errors({ ...good, birthDate: "24.11.2008" })).toMatchObject({ birthDate: "Покупателю должно быть не меньше 18 лет" });
    expect(errors({ ...good, birthDate: "23.11.2008", issueDate: "2022-12-01" })).toEqual({});
    expect(errors({ ...good, issueDate: "01.03.1994" })).toMatchObject({ issueDate: "Паспорт не мог быть выдан до 14 лет" });
    expect(errors({ ...good, issueDate: "01.01.2027" })).toMatchObject({ issueDate: "Дата выдачи не может быть в будущем" });
    expect(errors({ ...good, passportSeries: "451", passportNumber: "12345" })).toMatchObject({
      passportSeries: "Серия паспорта — 4 цифры",
      passportNumber: "Номер паспорта — 6 цифр",
    });
    expect(errors({ ...good, consent: undefined })).toMatchObject({ consent: "Нужно согласие на обработку персональных данных" });
    // A form posted with empty fields (conform drops them): the same message, never an English one.
    expect(errors({ fullName: "Иванов Иван" })).toMatchObject({
      birthDate: "Обязательное поле",
      passportNumber: "Обязательное поле",
      issuer: "Обязательное поле",
      registrationAddress: "Обязательное поле",
      citizenship: "Обязательное поле",
    });
  });
  it("takes a foreign document without a series", () => {
    expect(errors({ ...good, citizenship: "Казахстан", passportSeries: "", passportNumber: "N12345678" })).toEqual({});
  });
  it("reads dates as people write them and refuses impossible ones", () => {
    expect(parseDate("01.02.2000")).toBe("2000-02-01");
    expect(parseDate("2000-02-01")).toBe("2000-02-01");
    expect(parseDate("29.02.2001")).toBeNull();
    // As people write it too: without leading zeros.
    expect(parseDate("1.2.2000")).toBe("2000-02-01");
  });
});

describe("list matching", () => {
  it("treats ё as е, case and extra spaces and hyphens alike", () => {
    expect(normalizeListName("Тестовый  Фёдор списочный")).toBe("ТЕСТОВЫЙ ФЕДОР СПИСОЧНЫЙ");
    expect(screeningKey("тестовый федор Списочный", "1985-04-12")).toBe(screeningKey("ТЕСТОВЫЙ ФЁДОР СПИСОЧНЫЙ", "1985-04-12"));
    expect(screeningKey("Примерова Анна Мария Олеговна", "1990-03-14")).toBe(screeningKey("ПРИМЕРОВА АННА-МАРИЯ ОЛЕГОВНА", "1990-03-14"));
    expect(screeningKey("Тестовый Фёдор Списочный", "1985-04-13")).not.toBe(screeningKey("Тестовый Фёдор Списочный", "1985-04-12"));
    expect(screeningKey("Тестовая Фёдора Списочная", "1985-04-12")).not.toBe(screeningKey("Тестовый Фёдор Списочный", "1985-04-12"));
  });

  it("reads the published XML: current persons with dates, organisations apart, the excluded left out", () => {
    const list = parseExtremistList(readFileSync(new URL("../../../tests/fixtures/compliance/extremist-list.xml", import.meta.url), "utf8"));
    expect(list.listDate).toBe("2026-11-20");
    expect(list.organisations).toBe(1);
    expect(list.persons.map((person) => [person.subjectId, person.birthDate])).toEqual([
      ["100501", "1985-04-12"],
      ["100502", "1990-03-14"],
      ["100503", null],
    ]);
    expect(list.persons[0]!.key).toBe("ТЕСТОВЫЙ ФЕДОР СПИСОЧНЫЙ|1985-04-12");
    expect(list.persons.some((person) => person.fullName.includes("ИСКЛЮЧ"))).toBe(false);
  });

  it("refuses a file that is not the list", () => {
    expect(() => parseExtremistList("<html><body>Перечень</body></html>")).toThrow(ListFormatError);
  });
});
