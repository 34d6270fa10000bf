import { describe, expect, it } from "vitest";
import { csvField, toCsv } from "./control-csv.ts";

describe("CSV for Excel", () => {
  it("starts with a BOM, separates with semicolons and ends lines with CRLF", () => {
    const csv = toCsv(["Номер", "Сумма"], [["2026-000001", 1_000_000]]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe('"Номер";"Сумма"\r\n"2026-000001";"1000000"\r\n');
  });
  it("quotes separators, quotes and line breaks inside a field", () => {
    expect(csvField('ООО "Ромашка"; склад\nМосква')).toBe('"ООО ""Ромашка""; склад\nМосква"');
  });
  it("defuses text that a spreadsheet would run as a formula, but not negative numbers", () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField("+79991234567")).toBe('"\'+79991234567"');
    expect(csvField(-5)).toBe('"-5"');
    expect(csvField(null)).toBe('""');
  });
});
