/**
 * The addresses of the image proxy (ipx at /_ipx, spec section 7): how pages build them
 * and which ones the server accepts. Pure, shared by the UI and by the
 * image proxy (server/image-proxy.ts).
 *
 * An address is /_ipx/{modifiers}/{source}: modifiers separated by "," (or "&"), a name
 * and its value by "_" (or ":" / "="), "_" alone for none; the source is a path in the
 * images folder or public/ ("products/slug-1.png") or an absolute http(s) URL on the one
 * configured remote host.
 */

import { breakpoints } from "../shared/breakpoints.ts";

/** Spec section 9: image densities, default format and the browsers' cache lifetime of an image. */
export const imageDensities = [1, 2] as const;
export const defaultImageFormat = "webp";
export const imageMaxAgeSeconds = 31_536_000;

/** The largest width or height the proxy draws (a 1536 px breakpoint at density 2 is 3072). */
export const maxImageDimension = 4096;

export const imageFormats = ["webp", "avif", "png", "jpeg", "jpg"] as const;
export type ImageFormat = (typeof imageFormats)[number];
export const imageFits = ["cover", "contain", "fill", "inside", "outside"] as const;
export type ImageFit = (typeof imageFits)[number];

/** Widths laid out by `sizes` (CoinImage): the breakpoints of spec section 9. */
export const layoutImageWidths: readonly number[] = Object.values(breakpoints);
/** Thumbnails laid out at a fixed CSS width (CoinImage with sizes="96px" or width={56}). */
export const thumbnailImageWidths = [56, 80, 96, 120] as const;
/** Pictures at one width: an article's pictures and a product's share image 800, other share images 1200, a certificate in full 1600. */
export const fixedImageWidths = [800, 1200, 1600] as const;
/** The formats pages ask for: webp by default, avif where a page wants it, jpeg for share images. */
export const servedImageFormats = ["webp", "avif", "jpeg"] as const;

/**
 * Every width the shop's pages ask /_ipx for: layout and thumbnail widths
 * at each density, and the fixed ones. A picture narrower than a candidate is asked for at
 * its own size, without a width (ipxUrl's intrinsicWidth). Any other width is refused, so
 * that nobody can make the server encode pictures no page shows.
 */
export const servedImageWidths: ReadonlySet<number> = new Set([
  ...[...layoutImageWidths, ...thumbnailImageWidths].flatMap((width) => imageDensities.map((density) => width * density)),
  ...fixedImageWidths,
]);

export type ImageOptions = {
  width?: number;
  /**
   * The picture's own width, when known: a wider picture is never asked for; at or above
   * it, the address names that width when the server serves it, else no width (the picture
   * as it is), so every address stays on the list the server serves.
   */
  intrinsicWidth?: number;
  height?: number;
  format?: ImageFormat;
  quality?: number;
  fit?: ImageFit;
  /** A hex colour without "#": the ground behind transparent parts and around a contained picture. */
  background?: string;
};

const remoteSource = /^https?:\/\//i;

/** The source part of a proxy address: each path segment encoded, a URL kept readable. */
function encodeSource(src: string): string {
  if (remoteSource.test(src)) {
    let href: string;
    try {
      href = new URL(src).href;
    } catch {
      href = encodeURI(src);
    }
    // The query and fragment belong to the source, not to the proxy's address.
    return href.replace(/\?/g, "%3F").replace(/#/g, "%23");
  }
  return src
    .replace(/^\/+/, "")
    .split("/")
    .map((segment) => encodeURIComponent(segment))
    .join("/");
}

/** /_ipx/{modifiers}/{src} for one picture, in webp unless told; width and height together become s_WxH. */
export function ipxUrl(src: string, options: ImageOptions = {}): string {
  const modifiers: string[] = [`f_${options.format ?? defaultImageFormat}`];
  if (options.fit) modifiers.push(`fit_${options.fit}`);
  if (options.quality !== undefined) modifiers.push(`q_${Math.round(options.quality)}`);
  if (options.background) modifiers.push(`b_${options.background.replace(/^#/, "")}`);
  let width = options.width !== undefined ? Math.round(options.width) : undefined;
  let height = options.height !== undefined ? Math.round(options.height) : undefined;
  const intrinsic = options.intrinsicWidth && options.intrinsicWidth > 0 ? Math.round(options.intrinsicWidth) : undefined;
  if (intrinsic !== undefined && width !== undefined && width >= intrinsic) {
    // Nothing wider than the picture: its own width when that is a served one, else its own size.
    width = servedImageWidths.has(intrinsic) && height === undefined ? intrinsic : undefined;
    height = undefined;
  }
  if (width && height) modifiers.push(`s_${width}x${height}`);
  else if (width) modifiers.push(`w_${width}`);
  else if (height) modifiers.push(`h_${height}`);
  return `/_ipx/${modifiers.join(",")}/${encodeSource(src)}`;
}

/** What a page knows about a picture's size; zeros when its record is broken (spec section 8). */
export type ImageMetadata = { width: number; height: number; ratio: number; valid: boolean };

/** Width, height and width/height of a picture record; all zero unless both are positive numbers. */
export function imageMetadata(image: { width?: unknown; height?: unknown }): ImageMetadata {
  const { width, height } = image;
  if (typeof width !== "number" || typeof height !== "number" || !(width > 0) || !(height > 0) || !Number.isFinite(width) || !Number.isFinite(height)) {
    return { width: 0, height: 0, ratio: 0, valid: false };
  }
  return { width, height, ratio: width / height, valid: true };
}

export type SrcSetOptions = Omit<ImageOptions, "width" | "height"> & {
  /** The layout widths to offer (the breakpoints); each is offered at every density. */
  widths: readonly number[];
  /** The picture's own width: nothing wider is asked for. 0 or undefined when unknown. */
  intrinsicWidth?: number;
  /** With the intrinsic width, keeps the picture's proportions in every candidate (s_WxH). */
  intrinsicHeight?: number;
  densities?: readonly number[];
};

/** The candidate widths of a `w` srcset: widths × densities, capped at the picture's width and the proxy's limit. */
export function srcSetWidths({ widths, intrinsicWidth, densities = imageDensities }: Pick<SrcSetOptions, "widths" | "intrinsicWidth" | "densities">): number[] {
  const cap = Math.min(intrinsicWidth && intrinsicWidth > 0 ? Math.round(intrinsicWidth) : Infinity, maxImageDimension);
  const candidates = new Set<number>();
  for (const width of widths) {
    for (const density of densities) candidates.add(Math.min(Math.round(width * density), cap));
  }
  return [...candidates].filter((width) => width > 0).sort((a, b) => a - b);
}

/** A `w` srcset ("…/w_320/… 320w, …/w_640/… 640w") for an <img> with `sizes`. */
export function imageSrcSet(src: string, options: SrcSetOptions): string {
  const { widths, intrinsicWidth, intrinsicHeight, densities, ...image } = options;
  return srcSetWidths({ widths, intrinsicWidth, densities })
    .map((width) => `${ipxUrl(src, { ...image, width, intrinsicWidth })} ${width}w`)
    .join(", ");
}

/**
 * A density srcset ("… 1x, … 2x") for a picture shown at a fixed width (and height, if
 * given); a density that would ask for more than the picture has is left out.
 */
export function imageDensitySrcSet(
  src: string,
  options: Omit<ImageOptions, "width"> & { width: number; intrinsicWidth?: number; densities?: readonly number[] },
): string {
  const { width, height, intrinsicWidth, densities = imageDensities, ...image } = options;
  const cap = Math.min(intrinsicWidth && intrinsicWidth > 0 ? intrinsicWidth : Infinity, maxImageDimension);
  const entries: string[] = [];
  let previous = 0;
  for (const density of densities) {
    const wanted = Math.round(width * density);
    const scale = Math.min(wanted, cap) / wanted;
    const actual = Math.round(wanted * scale);
    if (actual <= previous) continue;
    previous = actual;
    const actualHeight = height ? Math.round(height * density * scale) : undefined;
    entries.push(
      `${ipxUrl(src, { ...image, width: actual, height: actualHeight, intrinsicWidth })} ${density === 1 && scale === 1 ? "1x" : `${round2(actual / width)}x`}`,
    );
  }
  return entries.join(", ");
}

const round2 = (value: number) => Math.round(value * 100) / 100;

// ---------------------------------------------------------------------------------------
// The server's side: which addresses /_ipx serves.

/** Modifiers in the form ipx's handlers take them (f, fit, q, b, s, w, h, flatten). */
export type IpxModifiers = Record<string, string>;

export type IpxRequest =
  { ok: true; id: string; remote: boolean; modifiers: IpxModifiers } | { ok: false; status: 400 | 403 | 404; code: string; message: string };

const modifierAliases: Record<string, string> = {
  f: "f",
  format: "f",
  fit: "fit",
  w: "w",
  width: "w",
  h: "h",
  height: "h",
  s: "s",
  resize: "s",
  q: "q",
  quality: "q",
  b: "b",
  background: "b",
};

const dimension = /^[1-9]\d{0,4}$/;
const hexColour = /^(?:[\da-f]{3}|[\da-f]{4}|[\da-f]{6}|[\da-f]{8})$/i;

function refuse(status: 400 | 403 | 404, code: string, message: string): IpxRequest {
  return { ok: false, status, code, message };
}

function validDimension(value: string): boolean {
  return dimension.test(value) && Number(value) <= maxImageDimension;
}

/**
 * Reads a request path below /_ipx ("/w_320,f_webp/products/x-1.png"). Only the spec's
 * modifiers with sane values pass; a source on another host than `remoteHost` (or any
 * remote source when there is none), a way out of the folder, or anything malformed is
 * refused with a 4xx before ipx, or the network, is touched.
 */
export function parseIpxPath(path: string, { remoteHost }: { remoteHost?: string } = {}): IpxRequest {
  const match = /^\/([^/]+)\/(.+)$/.exec(path);
  if (!match) return refuse(400, "bad_request", "Адрес изображения: /_ipx/{модификаторы}/{источник}");
  const [, modifierText, rawSource] = match as unknown as [string, string, string];

  let modifierSource: string;
  try {
    modifierSource = decodeURIComponent(modifierText);
  } catch {
    return refuse(400, "bad_request", "Неверная кодировка модификаторов");
  }
  const modifiers: IpxModifiers = {};
  if (modifierSource !== "_") {
    for (const part of modifierSource.split(/[&,]/)) {
      const [rawName = "", ...values] = part.split(/[:=_]/);
      const name = modifierAliases[rawName.toLowerCase()];
      const value = values.join("_");
      if (!name) return refuse(400, "bad_modifier", `Неизвестный модификатор: ${rawName}`);
      if (name in modifiers) return refuse(400, "bad_modifier", `Модификатор повторён: ${rawName}`);
      const valid =
        name === "f"
          ? (imageFormats as readonly string[]).includes(value)
          : name === "fit"
            ? (imageFits as readonly string[]).includes(value)
            : name === "w" || name === "h"
              ? validDimension(value)
              : name === "s"
                ? /^\d+x\d+$/.test(value) && value.split("x").every(validDimension)
                : name === "q"
                  ? /^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= 100
                  : hexColour.test(value);
      if (!valid) return refuse(400, "bad_modifier", `Неверное значение модификатора ${rawName}: ${value}`);
      modifiers[name] = name === "f" && value === "jpg" ? "jpeg" : value;
    }
  }
  if (modifiers.s && (modifiers.w || modifiers.h)) return refuse(400, "bad_modifier", "Размер задан дважды: s и w/h");
  // Only what the shop's pages ask for: a format and a width of the list, or neither.
  const served =
    Object.keys(modifiers).every((name) => name === "f" || name === "w") &&
    (modifiers.f === undefined || (servedImageFormats as readonly string[]).includes(modifiers.f)) &&
    (modifiers.w === undefined || servedImageWidths.has(Number(modifiers.w)));
  const unserved = served ? undefined : refuse(400, "bad_variant", "Такой вариант изображения магазин не отдаёт");
  if (modifiers.w && modifiers.h) {
    // One resize with both sides (ipx would apply only the last of two).
    modifiers.s = `${modifiers.w}x${modifiers.h}`;
    delete modifiers.w;
    delete modifiers.h;
  }
  if (modifiers.b) {
    // "#" keeps ipx from reading "000000" as the number 0; the ground fills transparent parts.
    modifiers.b = `#${modifiers.b}`;
    modifiers.flatten = "";
  } else if (modifiers.f === "jpeg") {
    // JPEG has no transparency: white, not black, behind a transparent picture.
    modifiers.b = "#ffffff";
    modifiers.flatten = "";
  }

  let source: string;
  try {
    source = decodeURIComponent(rawSource);
  } catch {
    return refuse(400, "bad_request", "Неверная кодировка адреса источника");
  }
  if (source.includes("\0")) return refuse(400, "bad_request", "Неверный адрес источника");

  if (/^[a-z][a-z\d+.-]*:/i.test(source)) {
    let url: URL;
    try {
      url = new URL(source);
    } catch {
      return refuse(400, "bad_request", "Неверный адрес источника");
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") return refuse(403, "forbidden_source", "Источник не разрешён");
    if (!remoteHost || url.host.toLowerCase() !== remoteHost.toLowerCase() || url.username || url.password) {
      return refuse(403, "forbidden_source", "Источник не разрешён");
    }
    return unserved ?? { ok: true, id: url.href, remote: true, modifiers };
  }

  if (source.includes("\\")) return refuse(400, "bad_request", "Неверный адрес источника");
  const segments = source.split("/").filter((segment) => segment !== "");
  if (segments.length === 0) return refuse(400, "bad_request", "Не указан источник");
  if (segments.some((segment) => segment === "." || segment === "..")) return refuse(403, "forbidden_path", "Путь вне папки изображений");
  // Hidden files are nobody's pictures.
  if (segments.some((segment) => segment.startsWith("."))) return refuse(404, "not_found", "Изображение не найдено");
  return unserved ?? { ok: true, id: `/${segments.join("/")}`, remote: false, modifiers };
}
