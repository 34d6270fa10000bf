// SSR throughput: how many whole pages a second the production server renders and
// compresses, and how long the slowest take, with autocannon (10 connections). The load
// generator runs on the same machine as the server, so read the figures as a floor.
//
// As a module: `ssrThroughput` is one benchmark of bench/run.ts. Alone, against a running
// production build:  node bench/ssr-throughput.ts http://127.0.0.1:3000
import { createRequire } from "node:module";
import { ssrBudgets, ssrPages } from "./budgets.ts";
import { BROWSER_UA } from "./page-weight.ts";
import { runAlone, type Bench, type Measurement } from "./types.ts";

type Histogram = { average: number; p50: number; p99: number; max: number };
type AutocannonResult = { requests: Histogram; latency: Histogram; non2xx: number; errors: number; timeouts: number; duration: number };
type AutocannonOptions = { url: string; connections: number; duration: number; headers: Record<string, string> };

// autocannon ships no types; this is the part of its promise API used here.
const autocannon = createRequire(import.meta.url)("autocannon") as (options: AutocannonOptions) => Promise<AutocannonResult>;

export const CONNECTIONS = 10;
const WARM_UP_SECONDS = 2;
const MEASURE_SECONDS = Number(process.env.BENCH_SSR_SECONDS ?? 10);

const headers = {
  "User-Agent": BROWSER_UA,
  "Accept-Encoding": "gzip",
  Accept: "text/html,application/xhtml+xml",
};

export async function measureSsr(baseUrl: string, pagePath: string): Promise<Measurement[]> {
  const url = baseUrl + pagePath;
  // Warm-up: the first requests fill caches (static files, prepared statements, JIT).
  await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_SECONDS, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: MEASURE_SECONDS, headers });
  const failed = result.non2xx + result.errors + result.timeouts;
  const note = `c=${CONNECTIONS}, ${MEASURE_SECONDS} s`;
  return [
    { page: pagePath, metric: "SSR throughput", value: result.requests.average, unit: "req/s", budget: ssrBudgets.throughput, note },
    { page: pagePath, metric: "SSR latency p50", value: result.latency.p50, unit: "ms" },
    { page: pagePath, metric: "SSR latency p99", value: result.latency.p99, unit: "ms", budget: ssrBudgets.latencyP99 },
    {
      page: pagePath,
      metric: "SSR failed responses",
      value: failed,
      unit: "count",
      budget: { max: 0 },
      note: failed ? `non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}` : undefined,
    },
  ];
}

export const ssrThroughput: Bench = {
  name: "SSR throughput",
  async run({ baseUrl }) {
    const rows: Measurement[] = [];
    for (const pagePath of ssrPages) rows.push(...(await measureSsr(baseUrl, pagePath)));
    return rows;
  },
};

await runAlone(ssrThroughput, import.meta.url);
