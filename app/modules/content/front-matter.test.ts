import { describe, expect, it } from "vitest";
import { formatFrontMatter, FrontMatterError, parseFrontMatter } from "./front-matter.ts";

describe("front matter", () => {
  it("splits the fields from the body; dates stay strings", () => {
    const file = parseFrontMatter("---\ntitle: Заголовок\ndate: 2026-10-14\ncount: 3\n---\n\nТекст.\n\nЕщё абзац.\n");
    expect(file.data).toEqual({ title: "Заголовок", date: "2026-10-14", count: 3 });
    expect(file.body).toBe("Текст.\n\nЕщё абзац.");
  });

  it("accepts Windows line ends, a byte-order mark and an empty block", () => {
    expect(parseFrontMatter("\uFEFF---\r\ntitle: A\r\n---\r\nТекст").data).toEqual({ title: "A" });
    expect(parseFrontMatter("---\n---\nТекст")).toEqual({ data: {}, body: "Текст" });
  });

  it("explains in Russian what is wrong", () => {
    expect(() => parseFrontMatter("Просто текст")).toThrow(/должен начинаться со строки «---»/);
    expect(() => parseFrontMatter("---\ntitle: A\nТекст")).toThrow(/не закрыт строкой «---»/);
    expect(() => parseFrontMatter("---\ntitle: Офис: пн–пт\n---\n")).toThrow(FrontMatterError);
    expect(() => parseFrontMatter("---\ntitle: Офис: пн–пт\n---\n")).toThrow(/строка 2 файла/);
    expect(() => parseFrontMatter("---\ntitle: A\ntitle: B\n---\n")).toThrow(/ошибка в блоке полей/);
    expect(() => parseFrontMatter("---\n- a\n- b\n---\n")).toThrow(/набором «поле: значение»/);
  });

  it("writes a file that reads back to the same fields and body", () => {
    const data = { title: "Офис: пн–пт", description: "«Кавычки» и # решётка", id: 3, cover: { src: "a.svg", alt: "", width: 10, height: 5 } };
    const text = formatFrontMatter({ ...data, empty: "", missing: null }, "Текст\n");
    expect(text.startsWith("---\ntitle: ")).toBe(true);
    expect(text).not.toContain("empty");
    expect(text).not.toContain("missing");
    expect(parseFrontMatter(text)).toEqual({ data, body: "Текст" });
  });
});
