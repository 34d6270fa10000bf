// One load measurement with autocannon, shared by the SSR and API benchmarks: a short
// warm-up (caches, prepared statements, JIT), then the measured run, as four rows beside
// their budgets. The load generator runs on the server's machine: read the figures as a floor.
import { createRequire } from "node:module";
import type { Budget, Measurement } from "./types.ts";

type Histogram = { average: number; p50: number; p99: number };
type AutocannonResult = { requests: Histogram & { total: number }; latency: Histogram; non2xx: number; errors: number; timeouts: number };
export type LoadRequest = { url: string; method?: string; body?: string; headers: Record<string, string> };
type AutocannonOptions = LoadRequest & { connections: number; duration: number };

// autocannon ships no types; this is the part of its promise API used here.
const autocannon = createRequire(import.meta.url)("autocannon") as (options: AutocannonOptions) => Promise<AutocannonResult>;

export const CONNECTIONS = 10;
const WARM_UP_SECONDS = 2;
const MEASURE_SECONDS = Number(process.env.BENCH_SSR_SECONDS ?? 10);

/** Rows named `${prefix}throughput`, `${prefix}latency p50|p99`, `${prefix}failed responses`. */
export async function measureLoad(
  label: string,
  request: LoadRequest,
  budget: { throughput: Budget; latencyP99: Budget },
  prefix = "",
  /** The server's CPU time so far (bench/process-cpu.ts): adds a row of CPU milliseconds per request. */
  serverCpuMs?: () => number | undefined,
  /** Load before the measured run: enough for caches and the first JIT tier by default. */
  warmUpSeconds = WARM_UP_SECONDS,
): Promise<Measurement[]> {
  await autocannon({ ...request, connections: CONNECTIONS, duration: warmUpSeconds });
  const cpuBefore = serverCpuMs?.();
  const result = await autocannon({ ...request, connections: CONNECTIONS, duration: MEASURE_SECONDS });
  const cpuAfter = serverCpuMs?.();
  const failed = result.non2xx + result.errors + result.timeouts;
  const cpuRows: Measurement[] =
    cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0
      ? [
          {
            page: label,
            metric: `${prefix}server CPU per request`,
            value: (cpuAfter - cpuBefore) / result.requests.total,
            unit: "ms",
            note: "all server processes, user + system",
          },
        ]
      : [];
  return [
    {
      page: label,
      metric: `${prefix}throughput`,
      value: result.requests.average,
      unit: "req/s",
      budget: budget.throughput,
      note: `c=${CONNECTIONS}, ${MEASURE_SECONDS} s`,
    },
    { page: label, metric: `${prefix}latency p50`, value: result.latency.p50, unit: "ms" },
    { page: label, metric: `${prefix}latency p99`, value: result.latency.p99, unit: "ms", budget: budget.latencyP99 },
    {
      page: label,
      metric: `${prefix}failed responses`,
      value: failed,
      unit: "count",
      budget: { max: 0 },
      note: failed ? `non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}` : undefined,
    },
    ...cpuRows,
  ];
}
