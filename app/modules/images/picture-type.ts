import { formatNumber } from "../shared/format.ts";

/** An uploaded picture's checks: its real type and size, and what staff are told; for coin pictures and content uploads alike. */

export type PictureType = { ext: "jpg" | "png" | "webp"; mime: string };

/** The type a file really is, by its first bytes (what it claims to be counts for nothing): JPEG, PNG or WebP. */
export function pictureTypeOf(bytes: Uint8Array): PictureType | undefined {
  const starts = (...values: number[]) => values.every((value, index) => bytes[index] === value);
  if (bytes.length >= 3 && starts(0xff, 0xd8, 0xff)) return { ext: "jpg", mime: "image/jpeg" };
  if (bytes.length >= 8 && starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { ext: "png", mime: "image/png" };
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return { ext: "webp", mime: "image/webp" };
  return undefined;
}

export const pictureTexts = {
  none: "Выберите файл картинки",
  tooLarge: (maxBytes: number) => `Файл больше ${Math.floor(maxBytes / 1024)} КБ`,
  wrongType: "Картинка должна быть в формате JPEG, PNG или WebP (проверяется содержимое файла, а не его имя)",
  broken: "Картинка не читается: файл повреждён",
  tooManyPixels: (width: number, height: number) =>
    `Картинка ${formatNumber(width, 0)} × ${formatNumber(height, 0)} точек слишком велика: не больше ${formatNumber(MAX_PICTURE_SIDE, 0)} точек по каждой стороне (уменьшите её перед загрузкой)`,
  tooMany: "У монеты уже 20 картинок: уберите лишнюю",
} as const;

/**
 * The largest side of an uploaded picture, in pixels. Pages show coins at most 800 px wide (1600
 * at double density), and every resize through /_ipx decodes the whole picture: a 10 000 × 10 000
 * upload cost each of them 400 MB and seconds of a worker.
 */
export const MAX_PICTURE_SIDE = 5000;
