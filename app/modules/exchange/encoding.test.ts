import { describe, expect, it } from "vitest";
import { encodeWindows1251 } from "./encoding.ts";

describe("encodeWindows1251", () => {
  it("encodes the code page's characters so that decoding gives the text back, and the rest as ?", () => {
    const text = "Заказ № 2026-000123 «Георгий» — ёЁ, 1 234,50 руб.";
    const bytes = encodeWindows1251(text);
    expect(bytes.length).toBe([...text].length);
    expect(new TextDecoder("windows-1251").decode(bytes)).toBe(text);
    expect(bytes[0]).toBe(0xc7);
    expect(encodeWindows1251("€✓😀").toString("latin1")).toBe("\x88??");
  });
});
