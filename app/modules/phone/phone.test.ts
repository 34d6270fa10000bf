import { describe, expect, it } from "vitest";
import { formatPhone, normalizePhone, PHONE_LENGTH } from "./phone.ts";

describe("normalizePhone", () => {
  it.each([
    ["+7 (999) 123-45-67", "+79991234567"],
    ["89991234567", "+79991234567"],
    ["79991234567", "+79991234567"],
    ["9991234567", "+79991234567"],
    [" +7 999 123 45 67 ", "+79991234567"],
    ["8-999-123-45-67", "+79991234567"],
  ])("reads %j as %s", (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
    expect(normalizePhone(input)).toHaveLength(PHONE_LENGTH);
  });

  it.each(["", "123", "+7 (999) 123-45-6", "+7 (999) 123-45-678", "+1 999 123 45 67", "+8 999 123 45 67", "69991234567", "phone", "+7 (999) 123-45-67; drop table"])(
    "refuses %j",
    (input) => {
      expect(normalizePhone(input)).toBeNull();
    },
  );
});

describe("formatPhone", () => {
  it("shows the mask of the spec", () => {
    expect(formatPhone("+79991234567")).toBe("+7 (999) 123-45-67");
  });
});
