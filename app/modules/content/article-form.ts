/**
 * The back office's form for a news item, case or training article: fields instead of the raw
 * file (a title with a colon, a date typed the Russian way, a picture from the computer). The
 * values become the same ArticleEntry the import reads, so the import's validator and writer
 * still decide (content-files.ts, staff-edit.server.ts). Shared by the server and the page.
 */
import { z } from "zod";
import { optionalText, requiredText } from "../forms/fields.ts";
import { isContentSlug, type ArticleEntry, type ArticleKind, type ContentKind } from "./content-files.ts";

export const articleKinds = ["news", "case", "training"] as const satisfies readonly ArticleKind[];

export function isArticleKind(kind: ContentKind | string | undefined): kind is ArticleKind {
  return (articleKinds as readonly string[]).includes(kind ?? "");
}

/** What the form's heading, buttons and notices say of one item of the kind. */
export const articleKindNames: Record<ArticleKind, { add: string; link: string; published: string; draft: string }> = {
  news: {
    add: "Новая новость",
    link: "Добавить новость",
    published: "Новость добавлена и опубликована.",
    draft: "Новость сохранена как черновик: в магазине её не видно, пока не опубликуете.",
  },
  case: {
    add: "Новый кейс",
    link: "Добавить кейс",
    published: "Кейс добавлен и опубликован.",
    draft: "Кейс сохранён как черновик: в магазине его не видно, пока не опубликуете.",
  },
  training: {
    add: "Новая статья обучения",
    link: "Добавить статью",
    published: "Статья добавлена и опубликована.",
    draft: "Статья сохранена как черновик: в магазине её не видно, пока не опубликуете.",
  },
};

const letters: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  ё: "e",
  ж: "zh",
  з: "z",
  и: "i",
  й: "j",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "h",
  ц: "c",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
};

/** An address from a title, as the demo content's are made: "График: пятница" → "grafik-pyatnica" (at most 80 characters). */
export function slugFromTitle(title: string): string {
  const latin = [...title.toLowerCase()].map((char) => letters[char] ?? char).join("");
  const slug = latin.replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  return slug.slice(0, 80).replace(/-+$/, "");
}

/** A day typed as ДД.ММ.ГГГГ (also Д.М.ГГГГ) or ГГГГ-ММ-ДД, as YYYY-MM-DD; null when it is no calendar day. */
export function parseDay(value: string): string | null {
  const text = value.trim();
  const russian = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const [year, month, day] = russian ? [russian[3], russian[2], russian[1]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!year || !month || !day) return null;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCFullYear() !== Number(year) || date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null;
  return date.toISOString().slice(0, 10);
}

/** "2026-10-14" → "14.10.2026", as the form shows a date. */
export const russianDay = (isoDay: string) => isoDay.split("-").reverse().join(".");

export const articleFormTexts = {
  date: "Дата в виде ДД.ММ.ГГГГ или ГГГГ-ММ-ДД, например 14.10.2026",
  slug: "Только строчные латинские буквы, цифры и дефисы между ними",
  slugTaken: (slug: string) => `Адрес «${slug}» уже занят другой записью: измените его`,
} as const;

/**
 * The form's fields as posted. `slug` may be left empty (made from the title); the picture is
 * the file input `cover` (read by the server), `coverAlt` its description, `removeCover` takes
 * the current one off. `intent`: preview (nothing saved), save, or on a new item draft/publish.
 */
export const articleFormSchema = z.object({
  intent: z.enum(["preview", "save", "draft", "publish"], { error: "Неизвестное действие" }),
  version: z.string().max(40).optional(),
  title: requiredText(300),
  slug: z
    .string()
    .trim()
    .max(120, "Не длиннее 120 символов")
    .refine((value) => isContentSlug(value), articleFormTexts.slug)
    .optional(),
  date: z
    .string({ error: articleFormTexts.date })
    .trim()
    .max(10, articleFormTexts.date)
    .refine((value) => parseDay(value) !== null, articleFormTexts.date),
  description: requiredText(1000),
  body: requiredText(200_000),
  video: optionalText(500).optional(),
  coverAlt: optionalText(300).optional(),
  removeCover: z.literal("on").optional(),
  // The picture's file: checked by its bytes on the server (picture-upload.server.ts).
  cover: z.unknown().optional(),
});

export type ArticleFormValues = z.infer<typeof articleFormSchema>;

/** The entry the form describes: the slug given or made from the title, the date as YYYY-MM-DD, the picture decided by the caller. */
export function articleEntryOf(
  kind: ArticleKind,
  values: ArticleFormValues,
  picture: ArticleEntry["cover"],
  legacyId: number | null,
  slug: string,
): ArticleEntry {
  return {
    kind,
    slug,
    title: values.title,
    description: values.description.replace(/\r\n?/g, "\n"),
    date: parseDay(values.date)!,
    cover: picture,
    video: values.video ? values.video : null,
    legacyId,
    // Browsers post a textarea's lines with CRLF; the import's files (and an edit's) have LF.
    body: values.body.replace(/\r\n?/g, "\n"),
  };
}

/** The form's values for a saved item (the date as the form shows it). */
export function articleFormDefaults(entry: ArticleEntry) {
  return {
    title: entry.title,
    slug: entry.slug,
    date: russianDay(entry.date),
    description: entry.description,
    body: entry.body,
    video: entry.video ?? "",
    coverAlt: entry.cover?.alt ?? "",
  };
}
