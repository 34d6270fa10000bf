import { parse, stringify, YAMLParseError } from "yaml";

/**
 * Markdown files with front matter, the one format of the demo content and of
 * `npm run content -- import|export`:
 *
 *     ---
 *     title: Как отличить подделку
 *     date: 2026-10-14
 *     ---
 *     The body in Markdown…
 *
 * The front matter is YAML 1.2 (core schema: dates stay strings, validation reads them).
 */
export type FrontMatterFile = { data: Record<string, unknown>; body: string };

export class FrontMatterError extends Error {
  override name = "FrontMatterError";
}

const opening = /^\uFEFF?---[ \t]*\r?\n/;
const closing = /\r?\n---[ \t]*(?:\r?\n|$)/;

/** Splits a file into its front matter (an object) and body; a FrontMatterError says what is wrong, in Russian. */
export function parseFrontMatter(text: string): FrontMatterFile {
  const start = opening.exec(text);
  if (!start) throw new FrontMatterError("файл должен начинаться со строки «---» и блока полей (front matter)");
  const rest = text.slice(start[0].length);
  // An empty block: the closing line follows at once.
  const end = rest.startsWith("---") ? /^---[ \t]*(?:\r?\n|$)/.exec(rest) : closing.exec(rest);
  if (!end) throw new FrontMatterError("блок полей не закрыт строкой «---»");
  const yamlText = rest.slice(0, end.index);
  const body = rest.slice(end.index + end[0].length);
  let data: unknown;
  try {
    data = yamlText.trim() === "" ? {} : parse(yamlText, { schema: "core", uniqueKeys: true });
  } catch (error) {
    if (error instanceof YAMLParseError) {
      const line = error.linePos?.[0]?.line;
      throw new FrontMatterError(`ошибка в блоке полей${line ? ` (строка ${line + 1} файла)` : ""}: ${error.message.split("\n")[0]}`);
    }
    throw error;
  }
  if (data === null || data === undefined) data = {};
  if (typeof data !== "object" || Array.isArray(data)) throw new FrontMatterError("блок полей должен быть набором «поле: значение»");
  return { data: data as Record<string, unknown>, body: body.replace(/^\s*\n/, "").replace(/\s+$/, "") };
}

/** The file for some fields and a body; fields that are undefined, null or "" are left out. */
export function formatFrontMatter(data: Record<string, unknown>, body: string): string {
  const present = Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined && value !== null && value !== ""));
  const yamlText = stringify(present, { lineWidth: 0, defaultStringType: "PLAIN", defaultKeyType: "PLAIN" });
  return `---\n${yamlText}---\n\n${body.trim()}\n`;
}
