import { describe, expect, it } from "vitest";
import { encodeSingleByte } from "./single-byte-encoding.ts";

describe("encodeSingleByte", () => {
  it("encodes windows-1251's characters so that decoding gives the text back, and the rest as ?", () => {
    const text = "Заказ № 2026-000123 «Георгий» — ёЁ, 1 234,50 руб.";
    const bytes = encodeSingleByte(text, "windows-1251");
    expect(bytes.length).toBe([...text].length);
    expect(new TextDecoder("windows-1251").decode(bytes)).toBe(text);
    expect(bytes[0]).toBe(0xc7);
    expect(encodeSingleByte("€✓😀", "windows-1251").toString("latin1")).toBe("\x88??");
  });

  it("encodes cp866 (a bank statement marked DOS) with its own table", () => {
    const text = "КонецФайла ё";
    const bytes = encodeSingleByte(text, "ibm866");
    expect(new TextDecoder("ibm866").decode(bytes)).toBe(text);
    expect(bytes[0]).toBe(0x8a);
  });
});
