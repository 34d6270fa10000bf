import type { ProductImage } from "#app/modules/db/schema.ts";
import { imageDensitySrcSet, imageMetadata, imageSrcSet, ipxUrl, type ImageFormat, type ImageMetadata } from "#app/modules/images/image-url.ts";
import { breakpoints } from "../tokens/breakpoints.ts";
import * as css from "./coin-image.css.ts";

/** The layout widths of spec section 9 (xs 320 … 2xl 1536), offered at densities 1 and 2. */
const breakpointWidths = Object.values(breakpoints);

/** The fallback src of a picture laid out by `sizes` (browsers without srcset, crawlers). */
const fallbackWidth = breakpoints.sm;

const warned = new Set<string>();

/** Spec section 8: "Image metadata failure: logged, width, height and ratio zero". Once per picture. */
function warnBrokenImage(image: Partial<ProductImage>) {
  const key = String(image.src);
  if (warned.has(key)) return;
  // Bounded: a long-running server may meet many broken records over time.
  if (warned.size >= 1000) warned.clear();
  warned.add(key);
  console.warn(`Image metadata failure: ${key} has no usable width and height`, { width: image.width, height: image.height });
}

type Addresses = { src: string; srcSet: string; responsive: boolean; shownWidth: number; shownHeight: number };

/**
 * A picture's addresses as laid out: the same few dozen pictures on every catalogue page, so
 * each combination is worked out once per process (bounded, like `warned`), not per render.
 */
const addressCache = new Map<string, Addresses>();

function addresses(
  source: string,
  meta: ImageMetadata,
  sizes: string | undefined,
  width: number | undefined,
  format: ImageFormat | undefined,
  quality: number | undefined,
): Addresses {
  const key = `${source}\n${meta.width}\n${meta.height}\n${sizes ?? ""}\n${width ?? ""}\n${format ?? ""}\n${quality ?? ""}`;
  const known = addressCache.get(key);
  if (known) return known;

  let src: string;
  let srcSet: string;
  let shownWidth = meta.width;
  let shownHeight = meta.height;
  const fixedWidth = sizes ? /^\s*(\d+(?:\.\d+)?)px\s*$/.exec(sizes)?.[1] : undefined;
  if (fixedWidth) width ??= Number(fixedWidth);
  const responsive = Boolean(sizes) && !fixedWidth;
  if (responsive) {
    srcSet = imageSrcSet(source, { widths: breakpointWidths, intrinsicWidth: meta.width, format, quality });
    src = ipxUrl(source, { width: fallbackWidth, intrinsicWidth: meta.width, format, quality });
  } else {
    const displayWidth = width && width > 0 ? width : meta.valid ? meta.width : fallbackWidth;
    srcSet = imageDensitySrcSet(source, { width: displayWidth, intrinsicWidth: meta.width, format, quality });
    src = ipxUrl(source, { width: displayWidth, intrinsicWidth: meta.width, format, quality });
    if (meta.valid && width && width > 0) {
      shownWidth = width;
      shownHeight = Math.round(width / meta.ratio);
    }
  }
  const result = { src, srcSet, responsive, shownWidth, shownHeight };
  if (addressCache.size >= 1000) addressCache.clear();
  addressCache.set(key, result);
  return result;
}

export type CoinImageProps = {
  image: ProductImage;
  /**
   * How wide the picture is laid out, as the <img> attribute ("(min-width: 768px) 33vw, 50vw").
   * With it the browser picks from the breakpoint widths. A single fixed width ("96px") or
   * none at all offers the picture at that width (else `width`, else its own) at densities 1 and 2.
   */
  sizes?: string;
  /** The displayed width in CSS pixels when there is no `sizes` (a 96 px thumbnail). */
  width?: number;
  /** The picture above the fold (the first card, the product's main picture): loaded at once, first. */
  priority?: boolean;
  format?: ImageFormat;
  quality?: number;
  /** Overrides the record's alt text. */
  alt?: string;
  className?: string;
};

/**
 * A product picture through the image proxy (/_ipx), webp by default, with width and
 * height set from the record so the page does not shift while it loads. Lazy unless
 * `priority`.
 */
export function CoinImage({ image, sizes, width, priority = false, format, quality, alt, className }: CoinImageProps) {
  const meta = imageMetadata(image);
  if (!meta.valid) warnBrokenImage(image);
  const { src, srcSet, responsive, shownWidth, shownHeight } = addresses(image.src, meta, sizes, width, format, quality);
  const classes = className ? `${css.coinImage} ${className}` : css.coinImage;
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={responsive ? sizes : undefined}
      alt={alt ?? image.alt ?? ""}
      width={shownWidth}
      height={shownHeight}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding={priority ? undefined : "async"}
      className={classes}
      data-ratio={meta.ratio}
    />
  );
}
