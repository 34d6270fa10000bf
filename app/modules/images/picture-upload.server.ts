/**
 * A picture uploaded in the back office for content (a news item's cover): checked as the
 * coin pictures are (type by its first bytes, size in pixels decoded by sharp, at most
 * ADMIN_UPLOAD_MAX_KB), written whole (temp file, rename) under $DATA_DIR/images/, served by /_ipx.
 */
import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { pictureTexts, pictureTypeOf } from "./picture-type.ts";
import type { Refusal } from "../shared/failure.ts";

export type StoredPicture = { ok: true; src: string; width: number; height: number; remove: () => Promise<void> } | Refusal;

/** Stores the bytes as `{folder}/{name}-{random}.{ext}` in the images folder, or says in Russian why not. */
export async function storeUploadedPicture(
  bytes: Uint8Array,
  options: { imagesDir: string; maxBytes: number; folder: string; name: string },
): Promise<StoredPicture> {
  if (bytes.length === 0) return { ok: false, reason: pictureTexts.none };
  if (bytes.length > options.maxBytes) return { ok: false, reason: pictureTexts.tooLarge(options.maxBytes) };
  const type = pictureTypeOf(bytes);
  if (!type) return { ok: false, reason: pictureTexts.wrongType };
  let size: { width?: number; height?: number };
  try {
    size = await sharp(bytes, { limitInputPixels: 10_000 * 10_000 }).metadata();
  } catch {
    return { ok: false, reason: pictureTexts.broken };
  }
  const { width, height } = size;
  if (!width || !height || width > 10_000 || height > 10_000) return { ok: false, reason: pictureTexts.broken };
  const src = `${options.folder}/${options.name}-${randomBytes(6).toString("hex")}.${type.ext}`;
  const file = path.join(path.resolve(options.imagesDir), src);
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, file);
  return { ok: true, src, width, height, remove: () => rm(file, { force: true }) };
}
