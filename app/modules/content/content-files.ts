/**
 * The content file format (Markdown with front matter) and its validation, shared by the
 * demo data, `npm run content -- import|export` and the tests. Pure: no files, no database.
 *
 * A content folder has one subfolder per kind; each file is one item:
 *
 *   pages/about.md            path, title, description
 *   news/{slug}.md            slug, title, description, date, cover?, video?
 *   cases/{slug}.md           the same
 *   training/{slug}.md        the same, and legacyId? (18, 19, 20, 318, 1485, 1486, 1487)
 *   promo/{id}.md             id, title, description, starts, ends?, cover?, rule? (promotion-rules.ts)
 *   reviews/{id}.md           id, author, city?, rating, date, reply?
 *   partners/{slug}.md        slug, name, category, url?, logo?, position?
 *   certificates/{slug}.md    slug, title, image, position?
 *
 * The body (after the front matter) is Markdown. Pictures (cover, logo, image) are
 * {src, alt, width, height} with src a path in the images folder or public/.
 */
import { z } from "zod";
import type { ContentImage } from "../db/schema.ts";
import { promotionOverlaps, promotionRuleSchema, type PromotionRule } from "./promotion-rules.ts";
import { formatFrontMatter, FrontMatterError, parseFrontMatter } from "./front-matter.ts";
import { videoEmbed } from "./video.ts";

export const contentFolders = {
  page: "pages",
  news: "news",
  case: "cases",
  training: "training",
  promo: "promo",
  review: "reviews",
  partner: "partners",
  certificate: "certificates",
} as const;

export type ContentKind = keyof typeof contentFolders;
export type ArticleKind = "news" | "case" | "training";

/** The old site's training article ids, each registered as its own path (spec section 2). */
export const legacyTrainingIds = [18, 19, 20, 318, 1485, 1486, 1487] as const;

/**
 * First path segments that belong to other routes: a page there could never be reached.
 * (The info pages — about, contacts, delivery… — are pages and allowed.)
 */
export const reservedPageRoots = new Set([
  "api",
  "assets",
  "_ipx",
  "catalog",
  "products",
  "promo",
  "news",
  "cases",
  "training",
  "my",
  "cabinet",
  "login",
  "logout",
  "search",
  "cart",
  "checkout",
  "thanks",
  "payment-error",
  "wishlist",
  "product-comparison",
  "quotes-online",
  "robots.txt",
  "sitemap.xml",
  "yml.xml",
  "build.json",
  "cookies",
]);

export type PageEntry = { kind: "page"; path: string; title: string; description: string; body: string };
export type ArticleEntry = {
  kind: ArticleKind;
  slug: string;
  title: string;
  description: string;
  date: string;
  cover: ContentImage | null;
  video: string | null;
  legacyId: number | null;
  body: string;
};
export type PromoEntry = {
  kind: "promo";
  id: number;
  title: string;
  description: string;
  starts: string;
  ends: string | null;
  cover: ContentImage | null;
  /** What the shop applies while it runs (pricing/discounts.ts); null: the promotion is a text only. */
  rule: PromotionRule | null;
  body: string;
};
export type ReviewEntry = { kind: "review"; id: number; author: string; city: string; rating: number; date: string; reply: string; body: string };
export type PartnerEntry = {
  kind: "partner";
  slug: string;
  name: string;
  category: string;
  url: string | null;
  logo: ContentImage | null;
  position: number;
  body: string;
};
export type CertificateEntry = { kind: "certificate"; slug: string; title: string; image: ContentImage; position: number; body: string };
export type ContentEntry = PageEntry | ArticleEntry | PromoEntry | ReviewEntry | PartnerEntry | CertificateEntry;

/** One problem: the file (as the operator sees it, "news/x.md"), the field to blame, what is wrong. */
export type ContentIssue = { file: string; field?: string; message: string };

/** "Файл news/x.md, поле date: должно быть датой ГГГГ-ММ-ДД". */
export function formatContentIssue(issue: ContentIssue): string {
  if (!issue.field) return `Файл ${issue.file}: ${issue.message}`;
  return `Файл ${issue.file}, ${issue.field.includes(", ") ? "поля" : "поле"} ${issue.field}: ${issue.message}`;
}

// ---------------------------------------------------------------------------------------
// Fields

const textLike = (value: unknown) => (typeof value === "number" ? String(value) : value);

const text = (max: number) =>
  z.preprocess(textLike, z.string({ error: "обязательное поле, строка" }).trim().min(1, "не может быть пустым").max(max, `не длиннее ${max} символов`));
const optionalText = (max: number) =>
  z.preprocess((value) => textLike(value ?? ""), z.string({ error: "должно быть строкой" }).trim().max(max, `не длиннее ${max} символов`));

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const maxSlugLength = 120;

/** Whether a value can be a content item's slug (what the import accepts). */
export function isContentSlug(value: string): boolean {
  return value.length <= maxSlugLength && slugPattern.test(value);
}

const slug = text(maxSlugLength).refine((value) => slugPattern.test(value), "только строчные латинские буквы, цифры и дефисы между ними");

/** Whether a value can be a page's path: 1–4 slugs joined by "/", at most 200 characters (what the import accepts). */
export function isPagePath(value: string): boolean {
  const segments = value.split("/");
  return value.length <= 200 && segments.length <= 4 && segments.every((segment) => slugPattern.test(segment));
}

const pagePath = text(200)
  .refine(isPagePath, "1–4 части через «/», в каждой строчные латинские буквы, цифры и дефисы")
  .refine((value) => !reservedPageRoots.has(value.split("/")[0]!), "этот адрес занят другим разделом сайта");

/** A calendar date written as YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCFullYear() === Number(match[1]) && date.getUTCMonth() === Number(match[2]) - 1 && date.getUTCDate() === Number(match[3]);
}
const dateMessage = "должно быть датой в виде ГГГГ-ММ-ДД, например 2026-10-14";
const isoDate = z.preprocess(
  (value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value),
  z.string({ error: dateMessage }).trim().refine(isIsoDate, dateMessage),
);

const positiveId = z
  .number({ error: "должно быть целым числом от 1" })
  .int("должно быть целым числом от 1")
  .min(1, "должно быть целым числом от 1")
  .max(999_999_999, "слишком большое число");
const position = z.number({ error: "должно быть целым числом" }).int("должно быть целым числом").min(-1_000_000).max(1_000_000).default(0);

const imageMessage = "должно быть картинкой: {src, alt, width, height}";
const image = z
  .object(
    {
      src: z
        .string({ error: "путь к картинке в папке картинок или public/, например content/news/obloshka.svg" })
        .trim()
        .min(1, "путь к картинке не может быть пустым")
        .max(500)
        .refine((src) => !/^[a-z][a-z0-9+.-]*:|^\/\//i.test(src), "картинка должна лежать в магазине (путь, не адрес другого сайта)")
        .refine((src) => !src.split("/").includes("..") && !src.includes("\\"), "путь картинки без «..» и «\\»")
        .transform((src) => src.replace(/^\/+/, "")),
      alt: z.string({ error: "alt: описание картинки, строка" }).trim().max(300, "alt не длиннее 300 символов"),
      width: z.number({ error: "width: ширина в пикселях" }).int().positive("width: ширина в пикселях").max(10_000),
      height: z.number({ error: "height: высота в пикселях" }).int().positive("height: высота в пикселях").max(10_000),
    },
    { error: imageMessage },
  )
  .strict();

const url = z
  .string({ error: "должно быть адресом https://…" })
  .trim()
  .max(500)
  .refine((value) => {
    try {
      const parsed = new URL(value);
      return parsed.protocol === "https:" || parsed.protocol === "http:";
    } catch {
      return false;
    }
  }, "должно быть адресом https://…");

const video = z
  .string({ error: "должно быть ссылкой на видео" })
  .trim()
  .refine((value) => videoEmbed(value) !== null, "ссылка на страницу видео Rutube (rutube.ru/video/…), VK Видео (vk.com/video-…_…) или YouTube");

/** The longest Markdown body, in characters: a long article is a tenth of it; longer ones only slow every view. */
export const MAX_BODY_CHARS = 100_000;

const body = (required: boolean) =>
  z
    .string()
    .max(MAX_BODY_CHARS, "текст не длиннее 100 000 символов")
    .refine((value) => !required || value.trim() !== "", "текст после блока полей пуст");

// ---------------------------------------------------------------------------------------
// Kinds

const articleFields = (kind: ArticleKind) =>
  z
    .object({
      slug,
      title: text(300),
      description: text(1000),
      date: isoDate,
      cover: image.nullish(),
      video: video.nullish(),
      legacyId:
        kind === "training"
          ? z
              .number({ error: `один из старых номеров: ${legacyTrainingIds.join(", ")}` })
              .refine((value) => (legacyTrainingIds as readonly number[]).includes(value), `один из старых номеров: ${legacyTrainingIds.join(", ")}`)
              .nullish()
          : z.never({ error: "старый номер бывает только у статей обучения" }).optional(),
    })
    .strict();

const schemas = {
  page: z.object({ path: pagePath, title: text(300), description: optionalText(1000) }).strict(),
  news: articleFields("news"),
  case: articleFields("case"),
  training: articleFields("training"),
  promo: z
    .object({
      id: positiveId,
      title: text(300),
      description: text(1000),
      starts: isoDate,
      ends: isoDate.nullish(),
      cover: image.nullish(),
      rule: promotionRuleSchema.nullish(),
    })
    .strict()
    .refine((value) => !value.ends || value.ends >= value.starts, { message: "акция не может закончиться раньше, чем началась", path: ["ends"] }),
  review: z
    .object({
      id: positiveId,
      author: text(100),
      city: optionalText(100),
      rating: z
        .number({ error: "оценка — целое число от 1 до 5" })
        .int("оценка — целое число от 1 до 5")
        .min(1, "оценка — целое число от 1 до 5")
        .max(5, "оценка — целое число от 1 до 5"),
      date: isoDate,
      reply: optionalText(5000),
    })
    .strict(),
  partner: z.object({ slug, name: text(200), category: text(100), url: url.nullish(), logo: image.nullish(), position }).strict(),
  certificate: z.object({ slug, title: text(300), image, position }).strict(),
} satisfies Record<ContentKind, z.ZodType>;

const bodyRequired: Record<ContentKind, boolean> = {
  page: false,
  news: true,
  case: true,
  training: true,
  promo: true,
  review: true,
  partner: false,
  certificate: false,
};

/** The value at a path of the front matter (undefined when absent). */
function valueAt(data: unknown, path: PropertyKey[]): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function issuesOf(file: string, data: Record<string, unknown>, error: z.ZodError): ContentIssue[] {
  return error.issues.map((issue) => {
    if (issue.code === "unrecognized_keys") {
      const prefix = issue.path.map(String).join(".");
      return { file, field: issue.keys.map((key) => (prefix ? `${prefix}.${key}` : key)).join(", "), message: "неизвестное поле (проверьте написание)" };
    }
    const field = issue.path.map(String).join(".");
    // A field that is missing altogether reads better as "обязательное поле".
    const message = issue.code === "invalid_type" && valueAt(data, issue.path) === undefined ? "обязательное поле" : issue.message;
    return field ? { file, field, message } : { file, message };
  });
}

export type ParsedFile = { ok: true; entry: ContentEntry } | { ok: false; issues: ContentIssue[] };

/** Reads one file of a kind: its front matter checked field by field, its body kept as Markdown. */
export function parseContentFile(kind: ContentKind, file: string, source: string): ParsedFile {
  let parsed: { data: Record<string, unknown>; body: string };
  try {
    parsed = parseFrontMatter(source);
  } catch (error) {
    if (error instanceof FrontMatterError) return { ok: false, issues: [{ file, message: error.message }] };
    throw error;
  }
  const fields = schemas[kind].safeParse(parsed.data);
  const text = body(bodyRequired[kind]).safeParse(parsed.body);
  const issues = [
    ...(fields.success ? [] : issuesOf(file, parsed.data, fields.error)),
    ...(text.success ? [] : text.error.issues.map((issue) => ({ file, message: issue.message }))),
  ];
  if (!fields.success || issues.length > 0) return { ok: false, issues };
  const value = fields.data as Record<string, unknown>;
  const markdown = parsed.body;
  switch (kind) {
    case "page":
      return { ok: true, entry: { kind, path: value.path as string, title: value.title as string, description: value.description as string, body: markdown } };
    case "news":
    case "case":
    case "training":
      return {
        ok: true,
        entry: {
          kind,
          slug: value.slug as string,
          title: value.title as string,
          description: value.description as string,
          date: value.date as string,
          cover: (value.cover as ContentImage | undefined) ?? null,
          video: (value.video as string | undefined) ?? null,
          legacyId: (value.legacyId as number | undefined) ?? null,
          body: markdown,
        },
      };
    case "promo":
      return {
        ok: true,
        entry: {
          kind,
          id: value.id as number,
          title: value.title as string,
          description: value.description as string,
          starts: value.starts as string,
          ends: (value.ends as string | undefined) ?? null,
          cover: (value.cover as ContentImage | undefined) ?? null,
          rule: (value.rule as PromotionRule | undefined) ?? null,
          body: markdown,
        },
      };
    case "review":
      return {
        ok: true,
        entry: {
          kind,
          id: value.id as number,
          author: value.author as string,
          city: value.city as string,
          rating: value.rating as number,
          date: value.date as string,
          reply: value.reply as string,
          body: markdown,
        },
      };
    case "partner":
      return {
        ok: true,
        entry: {
          kind,
          slug: value.slug as string,
          name: value.name as string,
          category: value.category as string,
          url: (value.url as string | undefined) ?? null,
          logo: (value.logo as ContentImage | undefined) ?? null,
          position: value.position as number,
          body: markdown,
        },
      };
    case "certificate":
      return {
        ok: true,
        entry: {
          kind,
          slug: value.slug as string,
          title: value.title as string,
          image: value.image as ContentImage,
          position: value.position as number,
          body: markdown,
        },
      };
  }
}

/** The key that must be unique within a kind, and its field name. */
function identity(entry: ContentEntry): [field: string, value: string][] {
  switch (entry.kind) {
    case "page":
      return [["path", entry.path]];
    case "promo":
    case "review":
      return [["id", String(entry.id)]];
    case "training":
      return entry.legacyId === null
        ? [["slug", entry.slug]]
        : [
            ["slug", entry.slug],
            ["legacyId", String(entry.legacyId)],
          ];
    case "news":
    case "case":
    case "partner":
    case "certificate":
      return [["slug", entry.slug]];
  }
}

export type ParsedFolder = { entries: Array<{ file: string; entry: ContentEntry }>; issues: ContentIssue[] };

/**
 * Checks a whole set of files ({file: "news/x.md", source}): each file on its own, then that
 * no two files of a kind claim the same slug, id, path or legacy id.
 */
export function parseContentFiles(files: Array<{ file: string; source: string }>): ParsedFolder {
  const folderKinds = new Map<string, ContentKind>(Object.entries(contentFolders).map(([kind, folder]) => [folder, kind as ContentKind]));
  const entries: ParsedFolder["entries"] = [];
  const issues: ContentIssue[] = [];
  const claimed = new Map<string, string>();
  for (const { file, source } of files) {
    const folder = file.split("/")[0]!;
    const kind = folderKinds.get(folder);
    if (!kind || !file.endsWith(".md") || file.split("/").length !== 2) {
      issues.push({ file, message: `не на своём месте: файлы .md лежат в папках ${Object.values(contentFolders).join(", ")}` });
      continue;
    }
    const result = parseContentFile(kind, file, source);
    if (!result.ok) {
      issues.push(...result.issues);
      continue;
    }
    let duplicate = false;
    for (const [field, value] of identity(result.entry)) {
      const key = `${kind}\u0000${field}\u0000${value}`;
      const owner = claimed.get(key);
      if (owner) {
        issues.push({ file, field, message: `«${value}» уже есть в файле ${owner}` });
        duplicate = true;
      } else {
        claimed.set(key, file);
      }
    }
    if (!duplicate) entries.push({ file, entry: result.entry });
  }
  issues.push(...promotionOverlaps(entries.flatMap((item) => (item.entry.kind === "promo" ? [{ file: item.file, promo: item.entry }] : []))));
  return { entries, issues };
}

// ---------------------------------------------------------------------------------------
// Writing files (export)

/** Where an item's file goes in a content folder: "news/{slug}.md", "pages/docs--oferta.md". */
export function contentFileName(entry: ContentEntry): string {
  const folder = contentFolders[entry.kind];
  switch (entry.kind) {
    case "page":
      return `${folder}/${entry.path.replaceAll("/", "--")}.md`;
    case "promo":
    case "review":
      return `${folder}/${entry.id}.md`;
    default:
      return `${folder}/${entry.slug}.md`;
  }
}

/** The file of an item, in the format parseContentFile reads back to the same item. */
export function formatContentEntry(entry: ContentEntry): string {
  const { kind: _kind, body, ...fields } = entry;
  return formatFrontMatter(fields, body);
}
