// `npm run bench`: builds if needed, starts the production build on a fresh database,
// runs every benchmark module, prints one table, writes bench/RESULTS.md and exits
// non-zero when a budget is missed. Add a benchmark by adding a module to `benches`.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { pageWeight } from "./page-weight.ts";
import { apiThroughput } from "./api-throughput.ts";
import { placeOrder } from "./place-order.ts";
import { launch } from "./launch.ts";
import { exchangeImport } from "./exchange-import.ts";
import { ssrThroughput } from "./ssr-throughput.ts";
import { sharedPages } from "./shared-pages.ts";
import { personalPages } from "./personal-pages.ts";
import { lighthouseBench } from "./lighthouse.ts";
import { machine, machineLines } from "./machine.ts";
import { buildIfNeeded, root, startShop } from "./shop-server.ts";
import { markdownTable, type Table, textTable } from "./table.ts";
import { formatBudget, formatValue, type Bench, type Measurement, withinBudget } from "./types.ts";

/**
 * Run in this order against one server: page weight and Lighthouse first, on a quiet
 * server, then the load. BENCH_ONLY="page weight,lighthouse" runs a subset: names in any
 * case, or their beginnings ("ssr", "api").
 */
const allBenches: Bench[] = [pageWeight, lighthouseBench, ssrThroughput, sharedPages, personalPages, apiThroughput, placeOrder, launch, exchangeImport];
const only = process.env.BENCH_ONLY?.split(",").map((name) => name.trim().toLowerCase());
// A name or its first word: "ssr" picks "SSR throughput".
const benches = only ? allBenches.filter((bench) => only.some((name) => name && bench.name.toLowerCase().startsWith(name))) : allBenches;
if (benches.length === 0) {
  console.error(`BENCH_ONLY matches no benchmark; the names are: ${allBenches.map((bench) => bench.name).join(", ")}`);
  process.exit(2);
}

type Row = Measurement & { bench: string };

function status(row: Measurement): string {
  const ok = withinBudget(row);
  return ok === undefined ? "—" : ok ? "ok" : "OVER";
}

function cells(row: Row): string[] {
  return [row.page, row.metric, formatValue(row.value, row.unit), formatBudget(row), status(row), row.note ?? ""];
}

const header = ["page", "metric", "value", "budget", "ok/over", "note"];

const table = (rows: Row[]): Table => ({ header, rows: rows.map(cells), numeric: [2, 3] });

async function main(): Promise<number> {
  buildIfNeeded();
  const info = machine(); // the load average before our own server and load generator start
  const server = await startShop();
  const rows: Row[] = [];
  const failures: string[] = [];
  try {
    for (const bench of benches) {
      try {
        rows.push(
          ...(await bench.run({ baseUrl: server.baseUrl, smsOutboxFile: server.smsOutboxFile, serverPid: server.pid, databaseUrl: server.databaseUrl })).map(
            (row) => ({
              ...row,
              bench: bench.name,
            }),
          ),
        );
      } catch (error) {
        failures.push(`${bench.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  } finally {
    await server.stop();
  }

  const over = rows.filter((row) => withinBudget(row) === false);
  console.log(`\n${textTable(table(rows))}\n`);
  for (const failure of failures) console.error(`benchmark failed: ${failure}`);
  console.log(over.length === 0 && failures.length === 0 ? "All budgets met." : `${over.length} over budget, ${failures.length} benchmark(s) failed.`);

  const results = [
    "# Benchmark results",
    "",
    "Written by `npm run bench` (bench/run.ts); budgets and their reasons are in bench/budgets.ts.",
    "Sizes are in KB of 1 024 bytes; “gzip” is what the server sent with `Accept-Encoding: gzip`",
    "(static assets at gzip level 9, the streamed HTML at level 4: browsers that offer zstd or br get those,",
    "decision 041), “raw” is after decoding.",
    "SSR figures come from autocannon on the same machine as the server: compare runs on one machine only.",
    "Lighthouse scores are 0–100 from its default mobile run (slow 4G and a 4× slower CPU, simulated) in",
    "headless Chromium; /checkout is measured with one coin in the cart; reports in bench/.out/lighthouse/.",
    "",
    `- Date: ${new Date().toISOString()}`,
    ...machineLines(info),
    `- Server: production build (NODE_ENV=production), ${process.env.DATABASE_URL ? "PostgreSQL (DATABASE_URL) in a fresh database" : "embedded PGlite on a fresh data folder"}, 127.0.0.1`,
    `- Benchmarks: ${benches.map((bench) => bench.name).join(", ")}`,
    "",
    markdownTable(table(rows)),
    "",
    over.length === 0 && failures.length === 0
      ? "All budgets met."
      : [
          ...over.map((row) => `- OVER: ${row.page} ${row.metric} ${formatValue(row.value, row.unit)} (${formatBudget(row)})`),
          ...failures.map((failure) => `- FAILED: ${failure}`),
        ].join("\n"),
    "",
  ].join("\n");
  writeFileSync(path.join(root, "bench/RESULTS.md"), results);
  console.log("Wrote bench/RESULTS.md");
  return over.length === 0 && failures.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
