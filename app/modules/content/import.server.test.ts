import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "../db/client.server.ts";
import { articles, pages, promotions } from "../db/schema.ts";
import { seedDatabase } from "../seed/seed.server.ts";
import { findArticle, findTrainingByLegacyId, listArticlePage } from "./articles.server.ts";
import { formatContentIssue } from "./content-files.ts";
import { describeCounts, exportContentFolder, importContentFolder } from "./import.server.ts";
import { listPromotions } from "./promotions.server.ts";

let root: string;
let handle: DatabaseHandle;
const db = () => handle.db;

function folder(name: string, files: Record<string, string>): string {
  const dir = path.join(root, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), "content-test-"));
  handle = await openDatabase({ dataDir: path.join(root, "db"), databaseUrl: undefined, databasePoolMax: 1 });
  await migrateDatabase(handle);
  await seedDatabase(handle.db, { onlyNew: true });
}, 60_000);

afterAll(async () => {
  await handle?.close();
  rmSync(root, { recursive: true, force: true });
});

describe("the demo content seeded at start", () => {
  it("fills the pages' bodies and adds news, training with legacy ids, promotions", async () => {
    const [about] = await db().select().from(pages).where(eq(pages.path, "about"));
    expect(about!.body).toMatch(/Аурум/);
    const news = await listArticlePage(db(), "news", 1, 6);
    expect(news.total).toBeGreaterThanOrEqual(7);
    expect(news.pageCount).toBe(Math.ceil(news.total / 6));
    expect(news.items.map((item) => item.publishedAt)).toEqual(
      news.items
        .map((item) => item.publishedAt)
        .sort()
        .reverse(),
    );
    for (const id of [18, 19, 20, 318, 1485, 1486, 1487]) expect((await findTrainingByLegacyId(db(), id))?.kind).toBe("training");
    const promos = await listPromotions(db(), "2026-11-21");
    expect(promos.map((promo) => promo.status)).toEqual(["active", "active", "ended"]);
  });

  it("seeding again keeps what the operator changed", async () => {
    await db().update(pages).set({ body: "Своё описание." }).where(eq(pages.path, "about"));
    await db().update(articles).set({ title: "Своё название" }).where(eq(articles.slug, "sbp-oplata"));
    await seedDatabase(db(), { onlyNew: false });
    expect((await db().select().from(pages).where(eq(pages.path, "about")))[0]!.body).toBe("Своё описание.");
    expect((await findArticle(db(), "news", "sbp-oplata"))!.title).toBe("Своё название");
  });
});

describe("import and export", () => {
  const article = (slug: string, extra = "") =>
    `---\nslug: ${slug}\ntitle: Статья ${slug}\ndescription: Кратко.\ndate: 2026-11-01${extra}\n---\n\nТекст статьи ${slug}.\n`;

  it("creates and updates items from a folder in one go", async () => {
    const dir = folder("good", {
      "news/sbp-oplata.md": article("sbp-oplata"),
      "news/novaya.md": article("novaya"),
      "training/novaya-stateya.md": article("novaya-stateya", "\nlegacyId: 18"),
      "pages/docs--oferta.md": "---\npath: docs/oferta\ntitle: Оферта\n---\nУсловия договора.",
      "promo/9.md": "---\nid: 9\ntitle: Акция\ndescription: Кратко.\nstarts: 2026-01-01\nends: 2026-01-31\n---\nУсловия.",
      "news/cover.png": "not markdown: skipped",
    });
    const result = await importContentFolder(db(), dir);
    expect(result).toEqual({ ok: true, total: 5, counts: { news: 2, training: 1, page: 1, promo: 1 } });
    expect(describeCounts(result.ok ? result.counts : {})).toBe("страниц: 1, новостей: 2, статей обучения: 1, акций: 1");
    expect((await findArticle(db(), "news", "sbp-oplata"))!.title).toBe("Статья sbp-oplata");
    expect((await findArticle(db(), "news", "novaya"))!.body).toBe("Текст статьи novaya.");
    // The legacy id moved to the new article; the old one keeps its slug address.
    expect((await findTrainingByLegacyId(db(), 18))!.slug).toBe("novaya-stateya");
    expect((await findArticle(db(), "training", "investicionnye-i-pamyatnye-monety"))!.legacyId).toBeNull();
    expect((await db().select().from(pages).where(eq(pages.path, "docs/oferta")))[0]!.title).toBe("Оферта");
    expect((await db().select().from(promotions).where(eq(promotions.id, 9)))[0]!.endsOn).toBe("2026-01-31");
  });

  it("writes nothing when one file is bad, and says which file and field", async () => {
    const dir = folder("bad", {
      "news/dolzhna-ne-poyavitsya.md": article("dolzhna-ne-poyavitsya"),
      "news/sbp-oplata.md": article("sbp-oplata").replace("Статья sbp-oplata", "Не должно измениться"),
      "reviews/5.md": "---\nid: 5\nauthor: А\nrating: 0\ndate: 2026-10-01\n---\nОтзыв",
    });
    const result = await importContentFolder(db(), dir);
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.issues.map(formatContentIssue)).toEqual(["Файл reviews/5.md, поле rating: оценка — целое число от 1 до 5"]);
    expect(await findArticle(db(), "news", "dolzhna-ne-poyavitsya")).toBeUndefined();
    expect((await findArticle(db(), "news", "sbp-oplata"))!.title).toBe("Статья sbp-oplata");
  });

  it("refuses a text longer than 100 000 characters, and one whose Markdown takes too long to render, naming the file; writes nothing", async () => {
    const dir = folder("heavy", {
      "news/dolgaya.md": article("dolgaya").replace("Текст статьи dolgaya.", "Абзац о монетах. ".repeat(6_000)),
      "news/tyazhelaya.md": article("tyazhelaya").replace("Текст статьи tyazhelaya.", "**a* ".repeat(8_000)),
    });
    const long = await importContentFolder(db(), dir);
    expect(long.ok ? [] : long.issues.map(formatContentIssue)).toEqual(["Файл news/dolgaya.md: текст не длиннее 100 000 символов"]);
    rmSync(path.join(dir, "news/dolgaya.md"));
    const started = performance.now();
    const slow = await importContentFolder(db(), dir);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(slow.ok ? [] : slow.issues.map(formatContentIssue)).toEqual([
      "Файл news/tyazhelaya.md: разметку этого текста не получается показать быстрее чем за 1 с: упростите её (много вложенных *, _, [ или > подряд) или разбейте текст на части",
    ]);
    expect(await findArticle(db(), "news", "tyazhelaya")).toBeUndefined();
  });

  it("refuses an empty folder", async () => {
    const result = await importContentFolder(db(), folder("empty", { "notes.txt": "x" }));
    expect(result.ok ? [] : result.issues.map((issue) => issue.message)).toEqual([expect.stringMatching(/^нет файлов \.md/)]);
  });

  it("exports everything in the format import reads, and importing the export changes nothing", async () => {
    const out = path.join(root, "export");
    const exported = await exportContentFolder(db(), out);
    expect(readdirSync(out).sort()).toEqual(["cases", "certificates", "news", "pages", "partners", "promo", "reviews", "training"]);
    expect(readFileSync(path.join(out, "pages/docs--oferta.md"), "utf8")).toBe("---\npath: docs/oferta\ntitle: Оферта\n---\n\nУсловия договора.\n");
    const before = await db().select().from(articles).orderBy(articles.id);
    const again = await importContentFolder(db(), out);
    expect(again).toMatchObject({ ok: true, total: exported.total });
    const after = await db().select().from(articles).orderBy(articles.id);
    expect(after.map(({ updatedAt: _u, ...row }) => row)).toEqual(before.map(({ updatedAt: _u, ...row }) => row));
  });
});

describe("promotion rules on import", () => {
  const promo = (id: number, dates: string, rule: string) => `---\nid: ${id}\ntitle: Акция ${id}\ndescription: Кратко.\n${dates}\n${rule}\n---\nУсловия.\n`;

  it("the demo promotions carry their rules: premium −2 points on 10+ silver Георгий, a free courier from 300 000 ₽", async () => {
    const rules = Object.fromEntries((await db().select({ id: promotions.id, rule: promotions.rule }).from(promotions)).map((row) => [row.id, row.rule]));
    expect(rules[1]).toEqual({ kind: "free-delivery", deliveries: [45], minGoodsTotal: 300_000 });
    expect(rules[2]).toEqual({ kind: "premium-discount", coins: { series: "georgiy-pobedonosec", metal: "silver" }, minQuantity: 10, premiumPoints: 2 });
    expect(rules[3]).toBeNull();
  });

  it("refuses a selector no coin of the catalogue matches, an unknown article, and an overlap with a promotion kept in the shop; writes nothing", async () => {
    const result = await importContentFolder(
      db(),
      folder("bad-rules", {
        "promo/20.md": promo(
          20,
          "starts: 2026-11-01",
          "rule:\n  kind: premium-discount\n  coins:\n    series: net-takoy-serii\n    metal: silver\n  minQuantity: 5\n  premiumPoints: 1",
        ),
        "promo/21.md": promo(
          21,
          "starts: 2026-11-01",
          "rule:\n  kind: premium-discount\n  coins:\n    skus: [AU-0001, NOPE-1]\n    metal: gold\n  minQuantity: 5\n  premiumPoints: 1",
        ),
        // The demo promotion 1 (free courier, 2026-11-01 – 2027-01-31) is kept: the same delivery on common days.
        "promo/22.md": promo(22, "starts: 2027-01-01\nends: 2027-02-28", "rule:\n  kind: free-delivery\n  deliveries: [45, 79]\n  minGoodsTotal: 100000"),
      }),
    );
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.issues.map(formatContentIssue)).toEqual([
      "Файл promo/20.md, поле rule.coins: ни одна монета каталога не подходит под это условие (проверьте skus, series, metal)",
      "Файл promo/21.md, поле rule.coins.skus: таких артикулов нет в каталоге: NOPE-1",
      "Файл promo/22.md, поле rule: пересекается по датам с акцией 1 (акция 1 в магазине) для тех же монет или той же доставки: измените даты или условия",
    ]);
    expect(await db().select().from(promotions).where(eq(promotions.id, 20))).toEqual([]);
  });
});
