// Throughput of the two hottest non-page requests, with autocannon (10 connections):
// GET /api/courses (the quotes bar polls it; answered from memory between refreshes) and
// adding a coin to the cart as the enhanced form does (POST /cart.data: a transaction that
// locks the product row, checks the stock and upserts the line). Same machine as the server.
import { createRequire } from "node:module";
import { apiBudgets } from "./budgets.ts";
import { CONNECTIONS } from "./ssr-throughput.ts";
import { BROWSER_UA } from "./page-weight.ts";
import type { Bench, Measurement } from "./types.ts";

type Histogram = { average: number; p50: number; p99: number };
type Result = { requests: Histogram; latency: Histogram; non2xx: number; errors: number; timeouts: number };
type Options = { url: string; connections: number; duration: number; method?: string; body?: string; headers: Record<string, string> };
const autocannon = createRequire(import.meta.url)("autocannon") as (options: Options) => Promise<Result>;

const MEASURE_SECONDS = Number(process.env.BENCH_SSR_SECONDS ?? 10);
// One visitor adds the same coin again and again: past the stock the line stays capped,
// but every request still runs the whole locked check, which is what is measured.
const VISITOR = "0b6f2d3e-8a41-4c1b-9d5e-6f7a8b9c0d1e";

async function measure(label: string, options: Omit<Options, "connections" | "duration">, budget: { throughput: { min: number }; latencyP99: { max: number } }): Promise<Measurement[]> {
  await autocannon({ ...options, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration: MEASURE_SECONDS });
  const failed = result.non2xx + result.errors + result.timeouts;
  const note = `c=${CONNECTIONS}, ${MEASURE_SECONDS} s`;
  return [
    { page: label, metric: "throughput", value: result.requests.average, unit: "req/s", budget: budget.throughput, note },
    { page: label, metric: "latency p50", value: result.latency.p50, unit: "ms" },
    { page: label, metric: "latency p99", value: result.latency.p99, unit: "ms", budget: budget.latencyP99 },
    { page: label, metric: "failed responses", value: failed, unit: "count", budget: { max: 0 } },
  ];
}

export const apiThroughput: Bench = {
  name: "API throughput",
  async run({ baseUrl }) {
    const courses = await measure("GET /api/courses", { url: `${baseUrl}/api/courses`, headers: { "User-Agent": BROWSER_UA, "Accept-Encoding": "gzip" } }, apiBudgets.courses);
    const addToCart = await measure(
      "POST /cart (add to cart)",
      {
        url: `${baseUrl}/cart.data`,
        method: "POST",
        body: new URLSearchParams({ intent: "add", productId: "2", quantity: "1", _fetcher: "1" }).toString(),
        headers: {
          "User-Agent": BROWSER_UA,
          "Content-Type": "application/x-www-form-urlencoded",
          Cookie: `uuid=${VISITOR}`,
          Origin: baseUrl,
        },
      },
      apiBudgets.addToCart,
    );
    return [...courses, ...addToCart];
  },
};
