// The tables of the benchmark reports: aligned text for the terminal, Markdown for the .md files.

/** Cells as strings; `numeric` columns are right-aligned. */
export type Table = { header: string[]; rows: string[][]; numeric: number[] };

export function textTable({ header, rows, numeric }: Table): string {
  const lines = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...lines.map((line) => line[column]!.length)));
  const render = (line: string[]) =>
    line
      .map((cell, column) => (numeric.includes(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join("  ")
      .trimEnd();
  return [render(header), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(render)].join("\n");
}

export function markdownTable({ header, rows, numeric }: Table): string {
  const escape = (cell: string) => cell.replaceAll("|", "\\|");
  return [
    `| ${header.join(" | ")} |`,
    `|${header.map((_, column) => (numeric.includes(column) ? "---:" : "---")).join("|")}|`,
    ...rows.map((row) => `| ${row.map(escape).join(" | ")} |`),
  ].join("\n");
}
