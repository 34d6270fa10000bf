import { describe, expect, it } from "vitest";
import { formatPhone, nationalDigits, normalizePhone, PHONE_LENGTH, phoneProblem, typedNationalDigits } from "./phone.ts";

describe("normalizePhone", () => {
  it.each([
    ["+7 (999) 123-45-67", "+79991234567"],
    ["89991234567", "+79991234567"],
    ["79991234567", "+79991234567"],
    ["9991234567", "+79991234567"],
    [" +7 999 123 45 67 ", "+79991234567"],
    ["8-999-123-45-67", "+79991234567"],
    // Every way a buyer gives the same number ends as the same number.
    ["+79161112233", "+79161112233"],
    ["+7 916 111 22 33", "+79161112233"],
    ["+7(916)111-22-33", "+79161112233"],
    ["8 916 111-22-33", "+79161112233"],
    ["8 (916) 111-22-33", "+79161112233"],
    ["7 916 111 22 33", "+79161112233"],
    ["7(916)1112233", "+79161112233"],
    ["916 111 22 33", "+79161112233"],
    ["(916) 111-22-33", "+79161112233"],
    ["8 900 765-43-21", "+79007654321"],
  ])("reads %j as %s", (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
    expect(normalizePhone(input)).toHaveLength(PHONE_LENGTH);
  });

  it.each([
    "",
    "123",
    "+7 (999) 123-45-6",
    "+7 (999) 123-45-678",
    "+1 999 123 45 67",
    "+8 999 123 45 67",
    "69991234567",
    "phone",
    "+7 (999) 123-45-67; drop table",
  ])("refuses %j", (input) => {
    expect(normalizePhone(input)).toBeNull();
  });
});

describe("formatPhone", () => {
  it("shows the mask of the spec", () => {
    expect(formatPhone("+79991234567")).toBe("+7 (999) 123-45-67");
  });
});

describe("nationalDigits", () => {
  it.each([
    ["+79161112233", "9161112233"],
    ["89161112233", "9161112233"],
    ["79161112233", "9161112233"],
    ["9161112233", "9161112233"],
    ["+7 (916) 1", "9161"],
    ["+7 (916) 1__-__-__", "9161"],
    ["", ""],
    ["+", ""],
  ])("reads %j as %j", (input, expected) => {
    expect(nationalDigits(input)).toBe(expected);
  });

  it.each(["+1 916 111 22 33", "+8 916 111 22 33", "тел. 9161112233", "7+9161112233"])("refuses %j", (input) => {
    expect(nationalDigits(input)).toBeNull();
  });
});

describe("typedNationalDigits", () => {
  it.each([
    ["8 (9", "9"],
    ["8 (93", "93"],
    ["893", "93"],
    ["7 916 1", "9161"],
    ["+7 (9", "9"],
    ["8", ""],
    ["9161", "9161"],
    ["8 (916) 111-22-3", "916111223"],
    ["8 (916) 111-22-33", "9161112233"],
    ["+7 916 111 22 33", "9161112233"],
    ["79161112233", "9161112233"],
    ["9161112233", "9161112233"],
  ])("reads %j typed key by key as the mask does: %j", (text, expected) => {
    expect(typedNationalDigits(text)).toBe(expected);
  });
});

describe("phoneProblem", () => {
  it("tells an empty, a partial and a foreign number apart", () => {
    expect(phoneProblem("  ")).toBe("empty");
    expect(phoneProblem("+7 (916) 111")).toBe("incomplete");
    expect(phoneProblem("8 916")).toBe("incomplete");
    expect(phoneProblem("+1 916 111 22 33")).toBe("invalid");
    expect(phoneProblem("+7 916 111 22 334")).toBe("invalid");
    expect(phoneProblem("8 916 111 22 33")).toBeNull();
  });
});
