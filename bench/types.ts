import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * What every benchmark module returns: rows of one table. A row with a budget is checked;
 * a row without one is reported only (raw sizes, request counts).
 */
export type Unit = "bytes" | "count" | "req/s" | "ms" | "score" | "%";

export type Budget = { max?: number; min?: number };

export type Measurement = {
  page: string;
  metric: string;
  value: number;
  unit: Unit;
  budget?: Budget;
  /** Something a reader of the table should know (a placeholder page, a server that did not compress). */
  note?: string;
};

export type BenchContext = {
  /** The running production build, without a trailing slash. */
  baseUrl: string;
  /** The JSON-lines file the server writes SMS codes to (benchmarks that sign buyers in). */
  smsOutboxFile?: string;
  /** The server's process id (its workers are its children), for CPU time per request. */
  serverPid?: number;
  /** The shop's PostgreSQL database, when it runs on one: operator commands may change it while it runs. */
  databaseUrl?: string;
};

/** A benchmark: `bench/run.ts` runs each in turn against one server and prints one table. */
export type Bench = {
  name: string;
  run(context: BenchContext): Promise<Measurement[]>;
};

export function withinBudget(row: Measurement): boolean | undefined {
  if (!row.budget) return undefined;
  if (row.budget.max !== undefined && row.value > row.budget.max) return false;
  if (row.budget.min !== undefined && row.value < row.budget.min) return false;
  return true;
}

export const KB = 1024;

/** The value at percentile `p` (0–100) of ascending `sorted` samples (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function formatValue(value: number, unit: Unit): string {
  switch (unit) {
    case "bytes":
      return value < KB ? `${value} B` : `${(value / KB).toFixed(1)} KB`;
    case "req/s":
      return `${Math.round(value)} req/s`;
    case "ms":
      return `${value.toFixed(1)} ms`;
    case "score":
      return String(Math.round(value * 100));
    case "count":
      return String(value);
    case "%":
      return `${value.toFixed(1)} %`;
  }
}

export function formatBudget(row: Measurement): string {
  if (!row.budget) return "—";
  if (row.budget.min !== undefined && row.budget.max !== undefined) {
    return `${formatValue(row.budget.min, row.unit)}–${formatValue(row.budget.max, row.unit)}`;
  }
  const parts: string[] = [];
  if (row.budget.max !== undefined) parts.push(`≤ ${formatValue(row.budget.max, row.unit)}`);
  if (row.budget.min !== undefined) parts.push(`≥ ${formatValue(row.budget.min, row.unit)}`);
  return parts.join(", ");
}

/**
 * When `moduleUrl` is the file node was started with (`node bench/x.ts http://127.0.0.1:3000`),
 * runs that one benchmark against the running server, prints its rows and sets the exit code.
 */
export async function runAlone(bench: Bench, moduleUrl: string): Promise<void> {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== fileURLToPath(moduleUrl)) return;
  const baseUrl = (process.argv[2] ?? "http://127.0.0.1:3000").replace(/\/+$/, "");
  const rows = await bench.run({ baseUrl });
  for (const row of rows) {
    const ok = withinBudget(row);
    console.log(
      [row.page, row.metric, formatValue(row.value, row.unit), formatBudget(row), ok === undefined ? "" : ok ? "ok" : "OVER", row.note ?? ""].join("\t"),
    );
  }
  process.exitCode = rows.some((row) => withinBudget(row) === false) ? 1 : 0;
}

/** How many times each reason was seen, most frequent first. */
export function tally(reasons: string[]): string {
  const counts = new Map<string, number>();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([reason, count]) => `${count}× ${reason}`)
    .join(" | ");
}
