import { describe, expect, it } from "vitest";
import {
  contentFileName,
  formatContentEntry,
  formatContentIssue,
  isPagePath,
  legacyTrainingIds,
  parseContentFile,
  parseContentFiles,
  type ArticleEntry,
  type ContentEntry,
  type PageEntry,
} from "./content-files.ts";
import { readContentFolder } from "./folder.server.ts";
import { demoContentDir } from "../seed/content.server.ts";

const news = (fields: string, body = "Текст новости.") => `---\n${fields}\n---\n\n${body}\n`;
const goodNews = "slug: novaya-moneta\ntitle: Новая монета\ndescription: Кратко о главном.\ndate: 2026-10-14";

const messages = (result: ReturnType<typeof parseContentFile>) => (result.ok ? [] : result.issues.map(formatContentIssue));

describe("one content file", () => {
  it("reads a news item with its cover and video", () => {
    const result = parseContentFile(
      "news",
      "news/novaya-moneta.md",
      news(
        `${goodNews}\ncover:\n  src: /content/covers/coins.svg\n  alt: Монеты\n  width: 1200\n  height: 630\nvideo: https://rutube.ru/video/4f1c2b9a7d3e48f0a5b6c7d8e9f0a1b2/`,
      ),
    );
    expect(result).toEqual({
      ok: true,
      entry: {
        kind: "news",
        slug: "novaya-moneta",
        title: "Новая монета",
        description: "Кратко о главном.",
        date: "2026-10-14",
        cover: { src: "content/covers/coins.svg", alt: "Монеты", width: 1200, height: 630 },
        video: "https://rutube.ru/video/4f1c2b9a7d3e48f0a5b6c7d8e9f0a1b2/",
        legacyId: null,
        body: "Текст новости.",
      },
    });
  });

  it("names the file and the field of every problem, in Russian", () => {
    const result = parseContentFile(
      "news",
      "news/x.md",
      news(
        "slug: Новая Монета\ntitle: ''\ndate: 14.10.2026\ncover:\n  src: https://evil.example/x.png\n  alt: x\n  width: 0\n  height: 10\nvideo: https://evil.example/v\nlegacyId: 18\nauthor: Я",
      ),
    );
    expect(messages(result)).toEqual([
      "Файл news/x.md, поле slug: только строчные латинские буквы, цифры и дефисы между ними",
      "Файл news/x.md, поле title: не может быть пустым",
      "Файл news/x.md, поле description: обязательное поле",
      "Файл news/x.md, поле date: должно быть датой в виде ГГГГ-ММ-ДД, например 2026-10-14",
      "Файл news/x.md, поле cover.src: картинка должна лежать в магазине (путь, не адрес другого сайта)",
      "Файл news/x.md, поле cover.width: width: ширина в пикселях",
      "Файл news/x.md, поле video: ссылка на страницу видео Rutube (rutube.ru/video/…), VK Видео (vk.com/video-…_…) или YouTube",
      "Файл news/x.md, поле legacyId: старый номер бывает только у статей обучения",
      "Файл news/x.md, поле author: неизвестное поле (проверьте написание)",
    ]);
  });

  it("refuses an empty body, a broken front matter, an impossible date", () => {
    expect(messages(parseContentFile("news", "news/a.md", news(goodNews, "")))).toEqual(["Файл news/a.md: текст после блока полей пуст"]);
    expect(messages(parseContentFile("news", "news/b.md", "Без блока полей"))).toEqual([
      "Файл news/b.md: файл должен начинаться со строки «---» и блока полей (front matter)",
    ]);
    expect(messages(parseContentFile("news", "news/c.md", news(goodNews.replace("2026-10-14", "2026-02-30"))))).toEqual([
      "Файл news/c.md, поле date: должно быть датой в виде ГГГГ-ММ-ДД, например 2026-10-14",
    ]);
  });

  it("checks the fields of each kind: legacy ids, promotion dates, ratings, page paths", () => {
    const training = (legacyId: string) => `---\nslug: a\ntitle: A\ndescription: B\ndate: 2026-01-01\nlegacyId: ${legacyId}\n---\nТекст`;
    expect(parseContentFile("training", "training/a.md", training("318"))).toMatchObject({ ok: true, entry: { legacyId: 318 } });
    expect(messages(parseContentFile("training", "training/a.md", training("21")))).toEqual([
      `Файл training/a.md, поле legacyId: один из старых номеров: ${legacyTrainingIds.join(", ")}`,
    ]);
    expect(
      messages(parseContentFile("promo", "promo/1.md", "---\nid: 1\ntitle: A\ndescription: B\nstarts: 2026-10-01\nends: 2026-09-30\n---\nУсловия")),
    ).toEqual(["Файл promo/1.md, поле ends: акция не может закончиться раньше, чем началась"]);
    expect(messages(parseContentFile("review", "reviews/1.md", "---\nid: 1\nauthor: А\nrating: 6\ndate: 2026-10-01\n---\nОтзыв"))).toEqual([
      "Файл reviews/1.md, поле rating: оценка — целое число от 1 до 5",
    ]);
    expect(parseContentFile("page", "pages/a.md", "---\npath: docs/oferta\ntitle: Оферта\n---\nТекст")).toMatchObject({
      ok: true,
      entry: { path: "docs/oferta", description: "" },
    });
    expect(messages(parseContentFile("page", "pages/a.md", "---\npath: catalog/gold\ntitle: A\n---\nТекст"))).toEqual([
      "Файл pages/a.md, поле path: этот адрес занят другим разделом сайта",
    ]);
    expect(messages(parseContentFile("page", "pages/a.md", "---\npath: a/b/c/d/e\ntitle: A\n---\nТекст"))).toEqual([
      "Файл pages/a.md, поле path: 1–4 части через «/», в каждой строчные латинские буквы, цифры и дефисы",
    ]);
  });
});

describe("a promotion's rule", () => {
  const promo = (id: number, dates: string, rule: string) => `---\nid: ${id}\ntitle: Акция ${id}\ndescription: Кратко.\n${dates}\n${rule}\n---\nУсловия.\n`;
  const silverRule = "rule:\n  kind: premium-discount\n  coins:\n    series: georgiy-pobedonosec\n    metal: silver\n  minQuantity: 10\n  premiumPoints: 2";

  it("reads the conditions and the effect as data", () => {
    const result = parseContentFile("promo", "promo/2.md", promo(2, "starts: 2026-11-15\nends: 2026-12-31", silverRule));
    expect(result).toMatchObject({
      ok: true,
      entry: { rule: { kind: "premium-discount", coins: { series: "georgiy-pobedonosec", metal: "silver" }, minQuantity: 10, premiumPoints: 2 } },
    });
    const courier = parseContentFile(
      "promo",
      "promo/1.md",
      promo(1, "starts: 2026-11-01", "rule:\n  kind: free-delivery\n  deliveries: [45]\n  minGoodsTotal: 300000"),
    );
    expect(courier).toMatchObject({ ok: true, entry: { rule: { kind: "free-delivery", deliveries: [45], minGoodsTotal: 300_000 } } });
    expect(parseContentFile("promo", "promo/3.md", promo(3, "starts: 2026-09-01", ""))).toMatchObject({ ok: true, entry: { rule: null } });
  });

  it("refuses a negative discount, an unknown coin selector or kind, a delivery that is not paid, naming the field", () => {
    const file = (rule: string) => messages(parseContentFile("promo", "promo/9.md", promo(9, "starts: 2026-11-01", rule)));
    expect(file(silverRule.replace("premiumPoints: 2", "premiumPoints: -2"))).toEqual([
      "Файл promo/9.md, поле rule.premiumPoints: premiumPoints — скидка должна быть больше 0 (отрицательная скидка — это наценка)",
    ]);
    expect(file(silverRule.replace("series:", "seria:"))).toEqual(["Файл promo/9.md, поле rule.coins.seria: неизвестное поле (проверьте написание)"]);
    expect(file("rule:\n  kind: premium-discount\n  coins: {}\n  minQuantity: 10\n  premiumPoints: 2")).toEqual([
      "Файл promo/9.md, поле rule.coins: монеты акции: skus (список артикулов), series (серия, как в адресе) и/или metal (gold или silver)",
    ]);
    expect(file("rule:\n  kind: cashback")).toEqual([
      "Файл promo/9.md, поле rule.kind: rule.kind — premium-discount (скидка с наценки) или free-delivery (бесплатная доставка)",
    ]);
    expect(file("rule:\n  kind: free-delivery\n  deliveries: [76]\n  minGoodsTotal: 1000")).toEqual([
      "Файл promo/9.md, поле rule.deliveries.0: deliveries — из платных способов: 45, 79, 80 (45 — курьер СДЭК)",
    ]);
  });

  it("refuses two promotions for the same coins on common days, and allows them one after the other", () => {
    const overlap = parseContentFiles([
      { file: "promo/2.md", source: promo(2, "starts: 2026-11-15\nends: 2026-12-31", silverRule) },
      { file: "promo/4.md", source: promo(4, "starts: 2026-12-31\nends: 2027-01-31", silverRule.replace("premiumPoints: 2", "premiumPoints: 3")) },
    ]);
    expect(overlap.issues.map(formatContentIssue)).toEqual([
      "Файл promo/4.md, поле rule: пересекается по датам с акцией 2 (promo/2.md) для тех же монет или той же доставки: измените даты или условия",
    ]);
    const after = parseContentFiles([
      { file: "promo/2.md", source: promo(2, "starts: 2026-11-15\nends: 2026-12-31", silverRule) },
      { file: "promo/4.md", source: promo(4, "starts: 2027-01-01\nends: 2027-01-31", silverRule) },
      { file: "promo/5.md", source: promo(5, "starts: 2026-11-15", silverRule.replace("metal: silver", "metal: gold")) },
    ]);
    expect(after.issues).toEqual([]);
  });
});

describe("a set of files", () => {
  it("reports files outside the kind folders and keys claimed twice", () => {
    const { entries, issues } = parseContentFiles([
      { file: "news/a.md", source: news(goodNews) },
      { file: "news/b.md", source: news(goodNews) },
      { file: "README.md", source: "# Папка" },
      { file: "blog/c.md", source: news(goodNews) },
    ]);
    expect(entries.map((item) => item.file)).toEqual(["news/a.md"]);
    expect(issues.map(formatContentIssue)).toEqual([
      "Файл news/b.md, поле slug: «novaya-moneta» уже есть в файле news/a.md",
      "Файл README.md: не на своём месте: файлы .md лежат в папках pages, news, cases, training, promo, reviews, partners, certificates",
      "Файл blog/c.md: не на своём месте: файлы .md лежат в папках pages, news, cases, training, promo, reviews, partners, certificates",
    ]);
  });

  it("writes every kind of item to a file that reads back to the same item", () => {
    const items: ContentEntry[] = [
      { kind: "page", path: "docs/oferta", title: "Оферта: условия", description: "", body: "Текст" },
      { kind: "training", slug: "a", title: "A", description: "B", date: "2026-01-01", cover: null, video: null, legacyId: 1486, body: "## Раздел\n\nТекст" },
      {
        kind: "promo",
        id: 7,
        title: "Акция",
        description: "Кратко",
        starts: "2026-01-01",
        ends: null,
        cover: { src: "c.svg", alt: "", width: 1, height: 1 },
        rule: null,
        body: "Условия",
      },
      {
        kind: "promo",
        id: 8,
        title: "Скидка",
        description: "Кратко",
        starts: "2026-01-01",
        ends: "2026-02-01",
        cover: null,
        rule: { kind: "premium-discount", coins: { series: "georgiy-pobedonosec", metal: "silver" }, minQuantity: 10, premiumPoints: 2 },
        body: "Условия",
      },
      { kind: "review", id: 2, author: "Анна", city: "", rating: 4, date: "2026-01-01", reply: "Спасибо: исправим", body: "Хорошо" },
      { kind: "partner", slug: "p", name: "П", category: "Доставка", url: "https://example.ru/", logo: null, position: 2, body: "" },
      { kind: "certificate", slug: "c", title: "С", image: { src: "c.svg", alt: "С", width: 900, height: 1272 }, position: 0, body: "Подпись" },
    ];
    const files = items.map((entry) => ({ file: contentFileName(entry), source: formatContentEntry(entry) }));
    expect(files.map((file) => file.file)).toEqual([
      "pages/docs--oferta.md",
      "training/a.md",
      "promo/7.md",
      "promo/8.md",
      "reviews/2.md",
      "partners/p.md",
      "certificates/c.md",
    ]);
    const { entries, issues } = parseContentFiles(files);
    expect(issues).toEqual([]);
    expect(entries.map((item) => item.entry)).toEqual(items);
  });
});

describe("the demo content", () => {
  it("is valid and has what the shop needs: pages, 6+ news, 3+ cases, 8+ training articles with every legacy id, promotions, reviews, partners, certificates", async () => {
    const { entries, issues } = parseContentFiles(await readContentFolder(demoContentDir()));
    expect(issues.map(formatContentIssue)).toEqual([]);
    const of = (kind: ContentEntry["kind"]) => entries.map((item) => item.entry).filter((entry) => entry.kind === kind);
    const training = of("training") as ArticleEntry[];
    const pages = of("page") as PageEntry[];
    expect(pages.map((page) => page.path).sort()).toEqual(
      ["about", "certificates", "contacts", "delivery", "how-to-buy", "partners", "personal-data-consent", "privacy", "return", "reviews"].sort(),
    );
    expect(of("news").length).toBeGreaterThanOrEqual(6);
    expect(of("case").length).toBeGreaterThanOrEqual(3);
    expect(of("training").length).toBeGreaterThanOrEqual(8);
    expect(training.flatMap((article) => (article.legacyId === null ? [] : [article.legacyId])).sort((a, b) => a - b)).toEqual([...legacyTrainingIds]);
    expect(of("promo").length).toBeGreaterThanOrEqual(3);
    expect(of("review").length).toBeGreaterThanOrEqual(10);
    expect(of("partner").length).toBeGreaterThanOrEqual(6);
    expect(of("certificate").length).toBeGreaterThanOrEqual(4);
    // The delivery page states the free-delivery rule; the return page cites the government list.
    expect(pages.find((page) => page.path === "delivery")!.body).toMatch(/бесплатно доставляем до ближайшего пункта выдачи/);
    expect(pages.find((page) => page.path === "return")!.body).toMatch(/№ 2463/);
    // No filler text.
    for (const { entry } of entries) expect(JSON.stringify(entry)).not.toMatch(/lorem|ipsum/i);
  });
});

describe("isPagePath (findPage looks up and caches nothing else)", () => {
  it("accepts what the import accepts: 1–4 slugs", () => {
    for (const path of ["about", "docs/oferta", "a/b/c/d", "delivery-2026"]) expect(isPagePath(path), path).toBe(true);
  });
  it("refuses anything an address may carry that no page can have", () => {
    for (const path of ["", "About", "a//b", "a/b/c/d/e", "a b", "%00", "a\u0000b", "x".repeat(201), "../etc", "a/-b", "страница"]) {
      expect(isPagePath(path), path).toBe(false);
    }
  });
});
