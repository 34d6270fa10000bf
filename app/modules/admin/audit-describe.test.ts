import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeAuditChange } from "./audit-describe.ts";
import { auditActionLabels, auditEntityLabel, auditPersonLabel } from "./audit-labels.ts";

/** Every action code the code base writes: the strings after `action:` in the files that call writeAudit. */
async function writtenActionCodes(): Promise<Set<string>> {
  const codes = new Set<string>();
  async function walk(dir: string): Promise<void> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules") await walk(file);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const text = await readFile(file, "utf8");
        if (!text.includes("writeAudit(")) continue;
        for (const match of text.matchAll(/\baction:\s*([^,\n]+)/g)) for (const code of match[1]!.matchAll(/"([a-z]+\.[a-z-]+)"/g)) codes.add(code[1]!);
      }
    }
  }
  for (const dir of ["app", "scripts"]) await walk(path.resolve(dir));
  return codes;
}

describe("audit log texts", () => {
  it("every action code the shop writes has a Russian label", async () => {
    const codes = await writtenActionCodes();
    // The reader finds the codes (a broken pattern would find none and pass).
    expect(codes).toContain("order.status");
    expect(codes).toContain("content.unpublish");
    expect([...codes].filter((code) => !auditActionLabels[code])).toEqual([]);
  });

  it("statuses read as the back office names them, per kind of thing", () => {
    expect(describeAuditChange({ action: "order.status", before: { status: "assembling" }, after: { status: "shipped", trackingNumber: "CDEK-1" } })).toEqual({
      before: [{ label: "Статус", value: "Собирается" }],
      after: [
        { label: "Статус", value: "Отправлен" },
        { label: "Трек-номер", value: "CDEK-1" },
      ],
    });
    expect(describeAuditChange({ action: "buyback.status", before: { status: "new" }, after: { status: "offered", price: 41000 } }).after).toEqual([
      { label: "Статус", value: "Предложена другая цена" },
      { label: "Цена, ₽", value: "41000" },
    ]);
  });

  it("the 1C status table reads as names and our statuses, never as JSON or a count", () => {
    const change = describeAuditChange({
      action: "exchange.statuses",
      before: { statusRows: [{ name: "[N] Принят", status: "new" }] },
      after: {
        statusRows: [
          { name: "[N] Принят", status: "new" },
          { name: "Отгружен", status: "shipped" },
        ],
      },
    });
    expect(change.before).toEqual([{ label: "Статусы 1С", value: "«[N] Принят» → Новый" }]);
    expect(change.after).toEqual([{ label: "Статусы 1С", value: "«[N] Принят» → Новый; «Отгружен» → Отправлен" }]);
  });

  it("a coin's pictures are counted, never shown as JSON", () => {
    const picture = { src: "products/a.png", alt: "Аверс", width: 800, height: 800 };
    const change = describeAuditChange({
      action: "catalog.edit",
      before: { images: [picture], status: "active" },
      after: { images: [picture, picture], status: "archived" },
    });
    expect(change.before).toEqual([
      { label: "Картинки", value: "1 шт." },
      { label: "Опубликована", value: "да" },
    ]);
    expect(change.after).toEqual([
      { label: "Картинки", value: "2 шт." },
      { label: "Опубликована", value: "нет" },
    ]);
  });

  it("a content edit shows only the fields that changed, the text as its length", () => {
    const file = (title: string, body: string) =>
      `---\nslug: x\ntitle: "${title}"\ndate: 2026-10-14\ncover:\n  src: content/a.png\n  alt: Часы\n  width: 10\n  height: 10\n---\n\n${body}\n`;
    expect(
      describeAuditChange({ action: "content.edit", before: { source: file("Было: так", "Один") }, after: { source: file("Стало: иначе", "Два три") } }),
    ).toEqual({
      before: [
        { label: "Заголовок", value: "Было: так" },
        { label: "Текст", value: "4 симв." },
      ],
      after: [
        { label: "Заголовок", value: "Стало: иначе" },
        { label: "Текст", value: "7 симв." },
      ],
    });
  });

  it("a member is named by name, by phone only without one", () => {
    expect(auditPersonLabel("+79991234567", "Анна Петрова")).toBe("Анна Петрова");
    expect(auditPersonLabel("+79991234567", "")).toBe("+7 (999) 123-45-67");
    expect(auditPersonLabel("cli", "")).toBe("Оператор (npm run …)");
    expect(auditEntityLabel("content:news:grafik-pyatnica")).toBe("Новости: grafik-pyatnica");
    expect(auditEntityLabel("order:2026-000123")).toBe("Заказ 2026-000123");
  });
});
