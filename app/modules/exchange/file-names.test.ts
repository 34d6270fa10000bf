import { describe, expect, it } from "vitest";
import { sanitizeExchangeFileName } from "./file-names.ts";

describe("sanitizeExchangeFileName", () => {
  it("keeps the names 1C sends", () => {
    for (const name of [
      "import.xml",
      "offers.xml",
      "orders-2026.xml",
      "import0_1.xml",
      "import_files/ab/ab12cd34-5678.jpg",
      "Выгрузка 1.xml",
      "1cbitrix.zip",
    ]) {
      expect(sanitizeExchangeFileName(name)).toBe(name);
    }
  });

  it("refuses any name that could leave the exchange's own files", () => {
    for (const name of [
      "../import.xml",
      "a/../../etc/passwd",
      "/etc/passwd",
      "C:\\x.xml",
      "a\\b.xml",
      "./import.xml",
      "a//b.xml",
      "import_files/",
      "x\u0000.xml",
      "a\nb.xml",
      "%2e%2e/x",
      "",
      " ",
      "a/ b.xml",
    ]) {
      expect(sanitizeExchangeFileName(name), JSON.stringify(name)).toBeUndefined();
    }
  });

  it("refuses names too long or too deep", () => {
    expect(sanitizeExchangeFileName("a".repeat(256))).toBeUndefined();
    expect(sanitizeExchangeFileName(Array(9).fill("a").join("/"))).toBeUndefined();
    expect(sanitizeExchangeFileName(Array(8).fill("a").join("/"))).toBe("a/a/a/a/a/a/a/a");
  });
});
