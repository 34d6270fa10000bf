import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import os, { availableParallelism } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { Database } from "../db/client.server.ts";
import { products } from "../db/schema.ts";
import { log } from "../shared/log.server.ts";
import { coinArtLayers, coinArtSize, coinArtSvg, coinDiscSvg, type CoinArtInput, type CoinSide } from "./coin-art.ts";

/** What one run did: the files it drew (paths relative to the images folder) and how many were there already. */
export type EnsureImagesResult = { created: string[]; existing: number };

type Job = { src: string; file: string; coin: CoinArtInput; side: CoinSide };

const safeSlug = /^[a-z0-9][a-z0-9-]*$/;

/**
 * Draws the generated pictures of the active products that are missing on this instance's
 * disk (docs/architecture.md §8: images live per instance, so they are made at start, not
 * only when seeding). A picture is generated when its `src` is `products/{slug}-1.png`
 * (obverse) or `products/{slug}-2.png` (reverse) of that very product; any other picture
 * is the operator's upload and is left alone. When every file exists this only stats them.
 * Files appear whole (written aside, then renamed), so instances sharing a folder and a
 * reader at the same moment never see half a PNG.
 */
export async function ensureProductImages(db: Database, imagesDir: string): Promise<EnsureImagesResult> {
  const rows = await db
    .select({
      slug: products.slug,
      name: products.name,
      metal: products.metal,
      denomination: products.denomination,
      country: products.country,
      issuer: products.issuer,
      fineness: products.fineness,
      pureGrams: products.pureGrams,
      series: products.series,
      images: products.images,
    })
    .from(products)
    .where(eq(products.status, "active"));

  const root = path.resolve(imagesDir);
  const wanted: Job[] = [];
  for (const { images, ...coin } of rows) {
    if (!safeSlug.test(coin.slug)) continue;
    for (const image of images ?? []) {
      const side = generatedSide(image.src, coin.slug);
      if (side) wanted.push({ src: image.src, file: path.join(root, image.src), coin, side });
    }
  }

  const missing = (await Promise.all(wanted.map(async (job) => ((await fileExists(job.file)) ? undefined : job)))).filter(
    (job): job is Job => job !== undefined,
  );
  if (missing.length === 0) return { created: [], existing: wanted.length };

  const started = Date.now();
  const created: string[] = [];
  await inParallel(missing, Math.max(1, Math.min(4, availableParallelism())), async (job) => {
    await drawCoin(job);
    created.push(job.src);
  });
  log.info("product images drawn", { count: created.length, ms: Date.now() - started });
  return { created: created.sort(), existing: wanted.length - missing.length };
}

/** ensureProductImages for start-up: a failure is logged and the shop starts all the same. */
export async function ensureProductImagesAtStart(db: Database, imagesDir: string): Promise<void> {
  try {
    await ensureProductImages(db, imagesDir);
  } catch (error) {
    log.error("product images could not be drawn", { imagesDir, error });
  }
}

/** obverse for `products/{slug}-1.png`, reverse for `-2.png`, undefined for anything else. */
export function generatedSide(src: string, slug: string): CoinSide | undefined {
  if (src === `products/${slug}-1.png`) return "obverse";
  if (src === `products/${slug}-2.png`) return "reverse";
  return undefined;
}

const discs = new Map<string, Promise<Buffer>>();

/** The blank disc of a metal as raw pixels, rendered once per process. */
function discPixels(metal: CoinArtInput["metal"]): Promise<Buffer> {
  let pixels = discs.get(metal);
  if (!pixels) {
    pixels = sharp(Buffer.from(coinDiscSvg(metal)))
      .resize(coinArtSize, coinArtSize)
      .ensureAlpha()
      .raw()
      .toBuffer();
    pixels.catch(() => discs.delete(metal));
    discs.set(metal, pixels);
  }
  return pixels;
}

/**
 * Renders one coin side as an 800 × 800 PNG: the coin's lettering, rendered once in flat
 * ink, laid with its relief (a shade below right, a light edge above left) over the disc
 * of its metal, which is rendered once per process. librsvg's text is most of the cost;
 * the relief is drawn from the lettering's pixels.
 */
export async function renderCoinPng(coin: CoinArtInput, side: CoinSide): Promise<Buffer> {
  const { face, relief } = coinArtLayers(coin, side);
  const [disc, lettering] = await Promise.all([
    discPixels(coin.metal),
    sharp(Buffer.from(face)).resize(coinArtSize, coinArtSize).ensureAlpha().raw().toBuffer(),
  ]);
  const pixels = Buffer.from(disc);
  paintShape(pixels, lettering, hexColour(relief.shade), relief.shadeOpacity, relief.shadeOffset);
  paintShape(pixels, lettering, hexColour(relief.light), relief.lightOpacity, -relief.lightOffset);
  paintShape(pixels, lettering, undefined, 1, 0);
  return (
    sharp(pixels, { raw: { width: coinArtSize, height: coinArtSize, channels: 4 } })
      // Level 4: within 4 % of the smallest file at a third of the time of level 9.
      .png({ compressionLevel: 4 })
      .toBuffer()
  );
}

function hexColour(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace(/^#/, ""), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/**
 * Paints `layer` (straight RGBA, coinArtSize square) over `target` in place, moved by
 * `offset` pixels right and down, in one colour (or its own), at `opacity`: "over" on
 * straight alpha.
 */
function paintShape(target: Buffer, layer: Buffer, colour: [number, number, number] | undefined, opacity: number, offset: number): void {
  const size = coinArtSize;
  for (let y = Math.max(0, offset); y < Math.min(size, size + offset); y += 1) {
    const from = (y - offset) * size;
    const to = y * size;
    for (let x = Math.max(0, offset); x < Math.min(size, size + offset); x += 1) {
      const source = (from + x - offset) * 4;
      const a = (layer[source + 3]! / 255) * opacity;
      if (a === 0) continue;
      const index = (to + x) * 4;
      const below = target[index + 3]! / 255;
      const alpha = a + below * (1 - a);
      const r = colour ? colour[0] : layer[source]!;
      const g = colour ? colour[1] : layer[source + 1]!;
      const b = colour ? colour[2] : layer[source + 2]!;
      target[index] = Math.round((r * a + target[index]! * below * (1 - a)) / alpha);
      target[index + 1] = Math.round((g * a + target[index + 1]! * below * (1 - a)) / alpha);
      target[index + 2] = Math.round((b * a + target[index + 2]! * below * (1 - a)) / alpha);
      target[index + 3] = Math.round(alpha * 255);
    }
  }
}

/**
 * Drawn pictures are also kept in a cache shared by every shop on this machine (test
 * servers, several instances), keyed by what is drawn: a fresh data folder then copies
 * them instead of drawing 106 pictures again before it can listen.
 */
const sharedCacheDir = path.join(os.tmpdir(), "coin-shop-art-cache");

/** Bump when renderCoinPng draws differently from the same SVG, so stale cached pictures are not reused. */
const ART_VERSION = "coin-art-1";

async function cachedPng(coin: CoinArtInput, side: CoinSide): Promise<Buffer> {
  const key = createHash("sha256").update(ART_VERSION).update(coinArtSvg(coin, side)).digest("hex").slice(0, 32);
  const cached = path.join(sharedCacheDir, `${key}.png`);
  const hit = await readFile(cached).catch(() => undefined);
  if (hit) return hit;
  const png = await renderCoinPng(coin, side);
  // The cache is a convenience: failing to fill it must not fail the picture.
  const aside = `${cached}.${randomBytes(4).toString("hex")}.tmp`;
  await mkdir(sharedCacheDir, { recursive: true })
    .then(() => writeFile(aside, png))
    .then(() => rename(aside, cached))
    .catch(() => rm(aside, { force: true }));
  return png;
}

async function drawCoin({ file, coin, side }: Job): Promise<void> {
  const png = await cachedPng(coin, side);
  await mkdir(path.dirname(file), { recursive: true });
  const aside = `${file}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    await writeFile(aside, png);
    await rename(aside, file);
  } catch (error) {
    await rm(aside, { force: true });
    throw error;
  }
}

async function fileExists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

/** Runs work over items, at most `limit` at a time; the first failure rejects (after the others settle). */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const errors: unknown[] = [];
  const worker = async () => {
    while (next < items.length && errors.length === 0) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        errors.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (errors.length > 0) throw errors[0];
}
