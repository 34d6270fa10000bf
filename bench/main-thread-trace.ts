// Where a slow phone's main thread goes while a page wakes up (issue 42, decision 063): each
// page is loaded in headless Chromium with the CPU slowed 4× (Lighthouse's mobile slowdown)
// under a Chromium performance trace and a V8 CPU profile, from navigation until the page has
// hydrated (`data-hydrated` on <html>). Printed per page: the long tasks and their blocking time
// (as Lighthouse counts it), the main thread's time by kind (script evaluation and compilation,
// the tasks React runs, style, layout, paint, garbage collection), and the scripts and functions
// with the most self time. The first row is /bench/blank, the same build's React Router with
// nothing but the root: the framework's floor, measured in the same run.
//
// Alone:  node bench/main-thread-trace.ts                 (builds if needed, starts its own shop)
//         node bench/main-thread-trace.ts http://127.0.0.1:3000   (a running shop with BENCH_BLANK_PAGE=true)
// TRACE_RUNS (default 3) runs per page; TRACE_PAGES="/catalog,/" to choose pages.
import { writeFileSync } from "node:fs";
import os from "node:os";
import { chromium, type Page } from "@playwright/test";
import { pages } from "./budgets.ts";
import { buildIfNeeded, startShop, type BenchServer } from "./shop-server.ts";

const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const RUNS = Math.max(1, Number(process.env.TRACE_RUNS ?? 3));
const CPU_SLOWDOWN = 4;
const BLANK_PAGE = "/bench/blank";
const CART_PRODUCT_ID = 2;

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: Record<string, unknown> };
type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } };
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** Trace event names summed as kinds of main-thread work (ms, nested events counted in their own kind). */
const kinds: Record<string, string[]> = {
  "script: evaluate (top level of each module)": ["EvaluateScript", "v8.evaluateModule"],
  "script: compile / parse": ["v8.compile", "v8.compileModule", "V8.CompileCode", "v8.parseOnBackground"],
  "script: functions called (React's tasks, handlers)": ["FunctionCall"],
  "script: microtasks": ["RunMicrotasks", "v8.runMicrotasks"],
  "style recalculation": ["UpdateLayoutTree", "RecalculateStyles"],
  layout: ["Layout"],
  "paint and composite": ["Paint", "PrePaint", "Layerize", "UpdateLayer", "CompositeLayers"],
  "HTML parsing": ["ParseHTML"],
  "garbage collection": ["MinorGC", "MajorGC", "V8.GC_SCAVENGER", "V8.GC_MARK_COMPACTOR", "BlinkGC.AtomicPhase"],
};

type PageRun = {
  blockingMs: number;
  longTasks: number;
  mainThreadMs: number;
  hydratedAtMs: number;
  byKind: Record<string, number>;
  byScript: Map<string, number>;
  byFunction: Map<string, number>;
};

function shortUrl(url: string): string {
  if (!url) return "(native / V8)";
  const path = url.replace(/^https?:\/\/[^/]+/, "");
  return path.startsWith("/assets/") ? path.slice("/assets/".length) : path;
}

function add(map: Map<string, number>, key: string, value: number): void {
  map.set(key, (map.get(key) ?? 0) + value);
}

/** Self time per script and per function from a V8 CPU profile (samples × their intervals). */
function selfTimes(profile: CpuProfile): { byScript: Map<string, number>; byFunction: Map<string, number> } {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const frame = nodes.get(id)!.callFrame;
    const ms = (profile.timeDeltas[index + 1] ?? profile.timeDeltas[index] ?? 0) / 1000;
    if (frame.functionName === "(idle)" || frame.functionName === "(program)") return;
    add(byScript, shortUrl(frame.url), ms);
    const where = frame.url ? `${shortUrl(frame.url)}:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : "";
    add(byFunction, `${frame.functionName || "(anonymous)"} ${where}`.trim(), ms);
  });
  return { byScript, byFunction };
}

/** The renderer main thread of the traced page: the thread named CrRendererMain with the most work. */
function mainThreadEvents(events: TraceEvent[]): TraceEvent[] {
  const mains = new Set(events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`));
  const work = new Map<string, number>();
  for (const e of events)
    if (e.name === "RunTask" && mains.has(`${e.pid}:${e.tid}`)) work.set(`${e.pid}:${e.tid}`, (work.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  const busiest = [...work.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  return events.filter((e) => `${e.pid}:${e.tid}` === busiest);
}

async function addCoinToCart(page: Page, baseUrl: string): Promise<void> {
  const response = await page.request.post(`${baseUrl}/cart`, {
    form: { intent: "add", productId: String(CART_PRODUCT_ID), quantity: "1" },
    headers: { Origin: baseUrl },
    maxRedirects: 0,
  });
  if (response.status() >= 400) throw new Error(`adding a coin to the cart answered ${response.status()}`);
}

async function tracePage(baseUrl: string, path: string): Promise<PageRun> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ["--no-sandbox", "--disable-gpu", "--no-first-run"] });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, locale: "ru-RU" });
    const page = await context.newPage();
    if (path === "/checkout") await addCoinToCart(page, baseUrl);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await browser.startTracing(page, { categories: ["devtools.timeline", "v8.execute", "v8", "disabled-by-default-devtools.timeline", "blink.user_timing"] });
    await cdp.send("Profiler.start");
    await page.goto(`${baseUrl}${path}`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 60_000 });
    const hydratedAtMs = await page.evaluate(() => performance.now());
    const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: CpuProfile };
    if (process.env.TRACE_DUMP) writeFileSync(`${process.env.TRACE_DUMP}${path.replaceAll("/", "_")}.cpuprofile`, JSON.stringify(profile));
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    const events = mainThreadEvents(trace.traceEvents);
    const tasks = events.filter((e) => e.name === "RunTask" && e.ph === "X").map((e) => (e.dur ?? 0) / 1000);
    const byKind: Record<string, number> = {};
    for (const [kind, names] of Object.entries(kinds)) {
      byKind[kind] = events.filter((e) => e.ph === "X" && names.includes(e.name)).reduce((sum, e) => sum + (e.dur ?? 0) / 1000, 0);
    }
    return {
      blockingMs: tasks.reduce((sum, ms) => sum + Math.max(0, ms - 50), 0),
      longTasks: tasks.filter((ms) => ms > 50).length,
      mainThreadMs: tasks.reduce((sum, ms) => sum + ms, 0),
      hydratedAtMs,
      byKind,
      ...selfTimes(profile),
    };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${Math.round(value)}`;

function top(maps: Map<string, number>[], count: number): [string, number][] {
  const sum = new Map<string, number>();
  for (const map of maps) for (const [key, value] of map) add(sum, key, value / maps.length);
  return [...sum.entries()].sort((a, b) => b[1] - a[1]).slice(0, count);
}

async function main(): Promise<void> {
  let server: BenchServer | undefined;
  let baseUrl = process.argv[2];
  if (!baseUrl) {
    buildIfNeeded();
    server = await startShop({ env: { BENCH_BLANK_PAGE: "true" } });
    baseUrl = server.baseUrl;
  }
  const chosen = process.env.TRACE_PAGES?.split(",") ?? [BLANK_PAGE, ...pages.map((page) => page.path)];
  try {
    console.log(
      `# Main thread at load, ${CPU_SLOWDOWN}× CPU, median of ${RUNS} runs; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(", ")}`,
    );
    // The minimum beside the median: on a shared machine the other jobs only ever add time, so
    // the least of several runs is the figure to compare between two builds.
    console.log(
      "\n| page | blocking ms | (least) | long tasks | main thread ms | (least) | hydrated at ms | script eval | compile | functions | style | layout | paint | GC |",
    );
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    const details: string[] = [];
    for (const path of chosen) {
      const runs: PageRun[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await tracePage(baseUrl, path));
      const kind = (name: string) => ms(median(runs.map((r) => r.byKind[name] ?? 0)));
      const names = Object.keys(kinds);
      console.log(
        `| ${path} | ${ms(median(runs.map((r) => r.blockingMs)))} | ${ms(Math.min(...runs.map((r) => r.blockingMs)))} | ${median(runs.map((r) => r.longTasks))} | ${ms(median(runs.map((r) => r.mainThreadMs)))} | ${ms(Math.min(...runs.map((r) => r.mainThreadMs)))} | ${ms(median(runs.map((r) => r.hydratedAtMs)))} | ${kind(names[0]!)} | ${kind(names[1]!)} | ${kind(names[2]!)} | ${kind(names[4]!)} | ${kind(names[5]!)} | ${kind(names[6]!)} | ${kind(names[8]!)} |`,
      );
      details.push(`\n### ${path}: self time by script (ms, mean of ${RUNS})\n`);
      for (const [script, value] of top(
        runs.map((r) => r.byScript),
        8,
      ))
        details.push(`- ${ms(value)} ${script}`);
      details.push(`\n### ${path}: self time by function (ms)\n`);
      for (const [name, value] of top(
        runs.map((r) => r.byFunction),
        12,
      ))
        details.push(`- ${ms(value)} ${name}`);
    }
    console.log(details.join("\n"));
  } finally {
    await server?.stop();
  }
}

await main();
