/** Content folders on disk: read every Markdown file of the kind folders, write an export. */
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { contentFileName, contentFolders, formatContentEntry, type ContentEntry } from "./content-files.ts";

export type FolderFile = { file: string; source: string };

/**
 * The .md files of a content folder, as "news/x.md" with their text. Files that are not
 * Markdown (pictures kept beside the texts) are skipped; Markdown in the wrong place is
 * returned too, so validation reports it. Sorted, so messages come in a stable order.
 */
export async function readContentFolder(dir: string): Promise<FolderFile[]> {
  const files: FolderFile[] = [];
  const walk = async (relative: string) => {
    const entries = await readdir(path.join(dir, relative), { withFileTypes: true });
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile() && entry.name.endsWith(".md")) files.push({ file: child, source: await readFile(path.join(dir, child), "utf8") });
    }
  };
  await walk("");
  return files.sort((a, b) => a.file.localeCompare(b.file));
}

/** Writes one file per item (creating the kind folders); returns how many. */
export async function writeContentFolder(dir: string, entries: ContentEntry[]): Promise<number> {
  for (const folder of new Set(entries.map((entry) => contentFolders[entry.kind]))) await mkdir(path.join(dir, folder), { recursive: true });
  for (const entry of entries) await writeFile(path.join(dir, contentFileName(entry)), formatContentEntry(entry));
  return entries.length;
}
