import yauzl, { type Entry, type ZipFile } from "yauzl";
import type { Outcome } from "../shared/failure.ts";
import { sanitizeExchangeFileName } from "./file-names.ts";

export type ZipLimits = {
  /** The most files an archive may hold. */
  maxEntries: number;
  /** The most bytes all its files may unpack to. */
  maxTotalBytes: number;
  /** The most a file over ratioFloorBytes may grow by when unpacked (XML packs about tenfold; a bomb, a thousandfold). */
  maxRatio: number;
  ratioFloorBytes: number;
};

export type UnpackedFile = { name: string; content: Buffer };

/**
 * Unpacks a zip that 1C sent (zip=yes) within the limits: counted on the bytes actually
 * inflated, not only on the sizes the archive declares (yauzl checks each file against its
 * declared size and stops reading past it). A name that is not a plain relative path, an
 * encrypted file or any limit passed refuses the whole archive, with the reason in Russian.
 */
export async function unpackZip(buffer: Buffer, limits: ZipLimits): Promise<Outcome<{ files: UnpackedFile[] }>> {
  let zip: ZipFile;
  try {
    zip = await new Promise<ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true }, (error, file) =>
        error ? reject(error) : resolve(file),
      ),
    );
  } catch {
    return { ok: false, reason: "файл не является zip-архивом или повреждён" };
  }
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    return { ok: false, reason: `в архиве больше ${limits.maxEntries} файлов` };
  }
  const files: UnpackedFile[] = [];
  let total = 0;
  try {
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      if (entry.fileName.endsWith("/")) continue;
      const name = sanitizeExchangeFileName(entry.fileName);
      if (!name) return { ok: false, reason: `недопустимое имя файла в архиве: ${entry.fileName.slice(0, 80)}` };
      if (entry.isEncrypted()) return { ok: false, reason: `файл ${name} зашифрован` };
      const declared = entry.uncompressedSize;
      if (total + declared > limits.maxTotalBytes) return { ok: false, reason: `файлы архива больше ${Math.floor(limits.maxTotalBytes / 1024 / 1024)} МБ` };
      if (declared > limits.ratioFloorBytes && declared / Math.max(1, entry.compressedSize) > limits.maxRatio) {
        return { ok: false, reason: `файл ${name} сжат более чем в ${limits.maxRatio} раз: похоже на zip-бомбу` };
      }
      const content = await readEntry(zip, entry, limits.maxTotalBytes - total);
      if (!content) return { ok: false, reason: `файл ${name} распаковывается не в тот размер, что указан в архиве` };
      total += content.length;
      files.push({ name, content });
    }
  } catch (error) {
    // yauzl refuses a name with "..", a leading "/" or a backslash itself, before this code sees it.
    const message = error instanceof Error ? error.message : "";
    const badName = /^(?:invalid relative path|absolute path|invalid characters in fileName): (.*)$/.exec(message);
    return { ok: false, reason: badName ? `недопустимое имя файла в архиве: ${badName[1]!.slice(0, 80)}` : "архив повреждён" };
  } finally {
    zip.close();
  }
  return { ok: true, files };
}

function nextEntry(zip: ZipFile): Promise<Entry | undefined> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.off("entry", onEntry);
      zip.off("end", onEnd);
      zip.off("error", onError);
    };
    const onEntry = (entry: Entry) => (cleanup(), resolve(entry));
    const onEnd = () => (cleanup(), resolve(undefined));
    const onError = (error: Error) => (cleanup(), reject(error));
    zip.on("entry", onEntry);
    zip.on("end", onEnd);
    zip.on("error", onError);
    zip.readEntry();
  });
}

/** The entry's bytes; undefined when they pass `budget` or differ from the declared size. */
async function readEntry(zip: ZipFile, entry: Entry, budget: number): Promise<Buffer | undefined> {
  const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
    zip.openReadStream(entry, (error, opened) => (error ? reject(error) : resolve(opened))),
  );
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > budget) {
        (stream as unknown as { destroy(): void }).destroy();
        return undefined;
      }
      chunks.push(chunk);
    }
  } catch {
    return undefined;
  }
  return size === entry.uncompressedSize ? Buffer.concat(chunks) : undefined;
}
