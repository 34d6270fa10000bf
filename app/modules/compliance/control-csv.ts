/** Mandatory control (115-FZ): how far back one buyer's orders are added up as linked operations. */
export const LINKED_DAYS = 30;

/**
 * CSV for Excel (mandatory control export, 115-FZ): UTF-8 with a byte-order mark so Excel reads
 * Cyrillic, semicolons between fields (the list separator of a Russian Excel), CRLF line ends,
 * every field quoted with inner quotes doubled, and a text that starts like a formula (= + - @)
 * prefixed with an apostrophe so a spreadsheet never runs it.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '""';
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvField).join(";")).join("\r\n")}\r\n`;
}
