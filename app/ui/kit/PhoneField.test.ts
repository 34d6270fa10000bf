import { removePatternFormat, type ChangeMeta } from "react-number-format";
import { describe, expect, it } from "vitest";
import { PHONE_MASK } from "#app/modules/phone/phone.ts";
import { phoneRemoveFormatting } from "./PhoneField.tsx";

const base = (value: string, meta?: ChangeMeta) => removePatternFormat(value, meta as ChangeMeta, { format: PHONE_MASK, mask: "_" });
const read = phoneRemoveFormatting(base);
const replaceAll = (lastValue: string, value: string): ChangeMeta => ({
  from: { start: 0, end: lastValue.length },
  to: { start: 0, end: value.length },
  lastValue,
});

describe("the phone field's reading of a change", () => {
  it.each(["+79161112233", "89161112233", "79161112233", "9161112233", "+7 916 111-22-33", "8 (916) 111-22-33", "+7 (916) 111-22-33"])(
    "reads %j pasted or autofilled into the field as 9161112233",
    (value) => {
      expect(read(value, replaceAll("", value))).toBe("9161112233");
      // Over a number already there (select all, paste; autofill replaces the value).
      expect(read(value, replaceAll("+7 (999) 000-00-00", value))).toBe("9161112233");
    },
  );

  it("takes a lone 8 or 7 typed into the empty field as the prefix, not a digit", () => {
    expect(read("8", replaceAll("", "8"))).toBe("");
    expect(read("7", replaceAll("", "7"))).toBe("");
    expect(read("9", replaceAll("", "9"))).toBe("9");
  });

  it("reads a number pasted after digits already typed without its prefix", () => {
    const lastValue = "+7 (9__) ___-__-__";
    const value = "+7 (9+7161112233__) ___-__-__";
    expect(read(value, { from: { start: 5, end: 5 }, to: { start: 5, end: 16 }, lastValue })).toBe("9161112233");
  });

  it("reads a value given to the field (posted back, prefilled) the server's way", () => {
    expect(read("+7 (916) 11", undefined)).toBe("91611");
    expect(read("89161112233", undefined)).toBe("9161112233");
    expect(read("+7 (916) 111-22-33", undefined)).toBe("9161112233");
    expect(read("+7 (916) 11_-__-__", undefined)).toBe("91611");
  });

  it("leaves single keystrokes to the mask", () => {
    const lastValue = "+7 (916) 1__-__-__";
    expect(read("+7 (916) 11__-__-__", { from: { start: 10, end: 10 }, to: { start: 10, end: 11 }, lastValue })).toBe("91611");
  });
});
