/** How the back office names and addresses content items (shared by its pages and the editor; no server code). */
import { contentFolders, isContentSlug, isPagePath, type ContentEntry, type ContentKind } from "./content-files.ts";

export const contentKindLabels: Record<ContentKind, string> = {
  page: "Страницы",
  news: "Новости",
  case: "Кейсы",
  training: "Обучение",
  promo: "Акции",
  review: "Отзывы",
  partner: "Партнёры",
  certificate: "Сертификаты",
};

export const contentKinds = Object.keys(contentFolders) as ContentKind[];

export function isContentKind(value: string | undefined): value is ContentKind {
  return value !== undefined && Object.hasOwn(contentFolders, value);
}

/** An item's key in an address: a page's path with "--" for "/" (as its file is named), else the slug or id. */
export function keyOf(entry: ContentEntry): string {
  switch (entry.kind) {
    case "page":
      return entry.path.replaceAll("/", "--");
    case "promo":
    case "review":
      return String(entry.id);
    default:
      return entry.slug;
  }
}

/** Whether a key from an address can be an item of the kind (nothing else is looked up). */
export function isContentKey(kind: ContentKind, key: string): boolean {
  if (kind === "page") return isPagePath(key.replaceAll("--", "/"));
  if (kind === "promo" || kind === "review") return /^[1-9]\d{0,8}$/.test(key);
  return isContentSlug(key);
}

export const contentHref = (kind: ContentKind, key: string) => `/admin/content/${kind}/${encodeURIComponent(key)}`;

/** Where the storefront shows an item (null: on a list page only). */
export function storefrontPath(entry: ContentEntry): string {
  switch (entry.kind) {
    case "page":
      return `/${entry.path}`;
    case "news":
      return `/news/${entry.slug}`;
    case "case":
      return `/cases/${entry.slug}`;
    case "training":
      return `/training/${entry.slug}`;
    case "promo":
      return `/promo/${entry.id}`;
    case "review":
      return "/reviews";
    case "partner":
      return "/partners";
    case "certificate":
      return "/certificates";
  }
}
