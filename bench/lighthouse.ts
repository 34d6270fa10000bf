// Lighthouse on a throttled phone: Lighthouse's default mobile run (a Moto G Power-sized
// screen, simulated slow 4G at 150 ms RTT and 1.6 Mbit/s, 4× CPU slowdown, simulated
// throttling) in Debian's headless Chromium, for the pages of bench/budgets.ts. The four
// category scores are checked against their budgets; each page runs three times and the run
// with the median performance score is reported: the points each metric cost it, the metrics
// (with the LCP element and any render-blocking request), Lighthouse's failed findings, and the
// load average and CPU index of the host, which the simulated figures depend on. The whole
// report of each page is kept in bench/.out/lighthouse/ for a closer look.
//
// As a module: `lighthouseBench` is one benchmark of bench/run.ts. Alone, against a running
// production build:  node bench/lighthouse.ts http://127.0.0.1:3000
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";
import { lighthouseBudgets, mainThreadBudgets, pages } from "./budgets.ts";
import { BROWSER_UA } from "./page-weight.ts";
import { runAlone, type Bench, type Measurement } from "./types.ts";

const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
/** Runs per page; the run with the median performance score is reported (Lighthouse varies from run to run). */
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
const reportDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), ".out/lighthouse");

/** The same visitor for every /checkout run, with one coin in the cart, so the form is measured rather than the empty-cart notice. */
const CHECKOUT_VISITOR = "5d1c3b0a-7e2f-4a6b-8c9d-0e1f2a3b4c5d";
/** A coin of the demo catalogue (the one bench/api-throughput.ts adds too). */
const CART_PRODUCT_ID = 2;

async function fillCart(baseUrl: string): Promise<void> {
  const response = await fetch(`${baseUrl}/cart`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: `uuid=${CHECKOUT_VISITOR}`, Origin: baseUrl, "User-Agent": BROWSER_UA },
    body: new URLSearchParams({ intent: "add", productId: String(CART_PRODUCT_ID), quantity: "1" }).toString(),
  });
  if (response.status >= 400) throw new Error(`adding a coin to the cart for /checkout answered ${response.status}`);
}

/** The audits of a category that lost points, worst first: what to fix. */
function failingAudits(result: Result, category: (typeof categories)[number]): string[] {
  const refs = result.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0 || category !== "performance")
    .map((ref) => result.audits[ref.id]!)
    .filter(
      (audit) =>
        audit.score !== null &&
        audit.score < 1 &&
        audit.scoreDisplayMode !== "informative" &&
        audit.scoreDisplayMode !== "notApplicable" &&
        audit.scoreDisplayMode !== "manual",
    )
    .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
    .map((audit) => `${audit.id} ${Math.round((audit.score ?? 0) * 100)}`);
}

/**
 * The points of the performance score each metric cost, largest first, with its value:
 * "total-blocking-time 120 ms −2.4". The score is the weighted mean of the metrics' scores.
 */
function performanceLosses(result: Result): string[] {
  const refs = (result.categories.performance?.auditRefs ?? []).filter((ref) => ref.weight > 0);
  const totalWeight = refs.reduce((sum, ref) => sum + ref.weight, 0);
  return refs
    .map((ref) => ({ audit: result.audits[ref.id]!, lost: (ref.weight / totalWeight) * (1 - (result.audits[ref.id]?.score ?? 0)) * 100 }))
    .filter(({ lost }) => lost >= 0.05)
    .sort((a, b) => b.lost - a.lost)
    .map(({ audit, lost }) => `${audit.id} ${audit.displayValue ?? ""} −${lost.toFixed(1)}`.replace(/\s+/g, " "));
}

/**
 * What the report says costs time, beside the metrics: render-blocking requests, unused
 * JavaScript, pictures larger than shown, layout shifts, long tasks... (Lighthouse's insights and
 * opportunities that failed), each with its estimate when it has one.
 */
function findings(result: Result): string[] {
  const metricIds = new Set((result.categories.performance?.auditRefs ?? []).filter((ref) => ref.weight > 0).map((ref) => ref.id));
  return Object.entries(result.audits)
    .filter(
      ([id, audit]) =>
        !metricIds.has(id) && audit.score !== null && audit.score < 0.9 && ["metricSavings", "binary", "numeric"].includes(audit.scoreDisplayMode),
    )
    .filter(([id]) => result.categories.performance?.auditRefs.some((ref) => ref.id === id))
    .map(([id, audit]) => `${id}${audit.displayValue ? ` ${audit.displayValue}` : ""}`.replace(/\s+/g, " "));
}

/** The largest contentful paint's element, as Lighthouse names it: where LCP comes from. */
function lcpElement(result: Result): string | undefined {
  const details = result.audits["lcp-breakdown-insight"]?.details as { items?: { type?: string; selector?: string; nodeLabel?: string }[] } | undefined;
  const node = details?.items?.find((item) => item.type === "node");
  if (!node) return undefined;
  const text = node.nodeLabel?.replace(/\s+/g, " ").trim();
  const label = text && text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return `element ${node.selector ?? "?"}${label ? ` “${label}”` : ""}`;
}

/** The requests Lighthouse found blocking the first paint, with the time each cost. */
function renderBlocking(result: Result): string | undefined {
  const details = result.audits["render-blocking-insight"]?.details as { items?: { url?: string; wastedMs?: number }[] } | undefined;
  const items = (details?.items ?? []).filter((item) => item.url);
  if (items.length === 0) return undefined;
  return `render-blocking: ${items.map((item) => `${new URL(item.url!).pathname} ${Math.round(item.wastedMs ?? 0)} ms`).join(", ")}`;
}

type AuditOptions = { extraHeaders?: Record<string, string>; noindex?: boolean; categories?: readonly string[] };

async function audit(url: string, port: number, { extraHeaders, noindex, categories: only = categories }: AuditOptions = {}): Promise<Result> {
  const flags: Flags = {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...only],
    ...(noindex ? { skipAudits: ["is-crawlable"] } : {}),
    // Lighthouse's defaults, written out so the table says what it measured.
    formFactor: "mobile",
    throttlingMethod: "simulate",
    ...(extraHeaders ? { extraHeaders } : {}),
  };
  const runner = await lighthouse(url, flags);
  if (!runner) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = runner;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return lhr;
}

function rowsOf(pagePath: string, result: Result, runs: number[], load: number[]): Measurement[] {
  const rows: Measurement[] = categories.map((category) => {
    const score = result.categories[category]?.score ?? 0;
    const skipped = category === "seo" && result.configSettings.skipAudits?.includes("is-crawlable") ? "noindex on purpose: is-crawlable skipped" : "";
    if (category === "performance") {
      const spread = runs.length > 1 ? `median of ${runs.length} (${runs.map((value) => Math.round(value * 100)).join(", ")})` : "";
      const lost = score < 1 ? `lost: ${performanceLosses(result).join(", ")}` : "";
      const loadNote = `load average ${load.map((value) => value.toFixed(1)).join("–")}`;
      return {
        page: pagePath,
        metric: "Lighthouse performance",
        value: score,
        unit: "score" as const,
        budget: lighthouseBudgets.performance,
        note: [spread, loadNote, lost].filter(Boolean).join("; "),
      };
    }
    const lost = score < 1 ? failingAudits(result, category).slice(0, 4).join(", ") : "";
    return {
      page: pagePath,
      metric: `Lighthouse ${category}`,
      value: score,
      unit: "score" as const,
      budget: lighthouseBudgets[category],
      note: [skipped, lost].filter(Boolean).join("; ") || undefined,
    };
  });
  const metric = (id: string) => result.audits[id]?.numericValue ?? Number.NaN;
  const found = findings(result);
  rows.push(
    { page: pagePath, metric: "LH first contentful paint", value: metric("first-contentful-paint"), unit: "ms", note: renderBlocking(result) },
    { page: pagePath, metric: "LH largest contentful paint", value: metric("largest-contentful-paint"), unit: "ms", note: lcpElement(result) },
    { page: pagePath, metric: "LH total blocking time", value: metric("total-blocking-time"), unit: "ms", budget: mainThreadBudgets.totalBlockingTime },
    {
      page: pagePath,
      metric: "LH main-thread work",
      value: metric("mainthread-work-breakdown"),
      unit: "ms",
      budget: mainThreadBudgets.mainThreadWork,
      note: result.audits["bootup-time"]?.displayValue ? `script execution ${result.audits["bootup-time"].displayValue}` : undefined,
    },
    { page: pagePath, metric: "LH cumulative layout shift ×1000", value: Math.round(metric("cumulative-layout-shift") * 1000), unit: "count" },
    // Lighthouse's findings that failed, named so a regression says where to look.
    { page: pagePath, metric: "LH findings", value: found.length, unit: "count", note: found.join(", ") || undefined },
  );
  // Lighthouse's measure of the host's CPU speed: the simulated phone is 4× slower than what it saw.
  if (result.environment?.benchmarkIndex)
    rows.push({
      page: pagePath,
      metric: "LH host benchmark index",
      value: Math.round(result.environment.benchmarkIndex),
      unit: "count",
      note: "higher is faster; the CPU the others left free",
    });
  return rows;
}

export const lighthouseBench: Bench = {
  name: "Lighthouse",
  async run({ baseUrl }) {
    // chrome-launcher would crash the whole run with an unhandled spawn error instead.
    if (!existsSync(CHROME_PATH)) throw new Error(`no Chromium at ${CHROME_PATH}: apt-get install chromium, or set CHROME_PATH`);
    mkdirSync(reportDir, { recursive: true });
    await fillCart(baseUrl);
    const chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    });
    try {
      const rows: Measurement[] = [];
      const options = (page: (typeof pages)[number]): AuditOptions => ({
        extraHeaders: page.path === "/checkout" ? { Cookie: `uuid=${CHECKOUT_VISITOR}` } : undefined,
        noindex: page.noindex,
      });
      // A first load in a fresh browser paints late (its compositor starting up) and a first
      // picture is drawn by the server once and then kept: one unmeasured load of every page
      // first, so the figures are those of the pages and not of a cold start.
      for (const page of pages) await audit(baseUrl + page.path, chrome.port, { ...options(page), categories: ["performance"] });
      for (const page of pages) {
        const results: Result[] = [];
        // Simulated throttling scales the tasks the browser really ran: other work on the
        // machine lengthens them, so the load beside each page's runs is part of its figures.
        const load = [os.loadavg()[0]!];
        for (let run = 0; run < RUNS; run++) results.push(await audit(baseUrl + page.path, chrome.port, options(page)));
        load.push(os.loadavg()[0]!);
        const byPerformance = [...results].sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
        const median = byPerformance[Math.floor((byPerformance.length - 1) / 2)]!;
        const name = page.path === "/" ? "home" : page.path.replace(/^\/|\/$/g, "").replaceAll("/", "_");
        writeFileSync(path.join(reportDir, `${name}.report.json`), JSON.stringify(median, null, 1));
        rows.push(
          ...rowsOf(
            page.path,
            median,
            results.map((result) => result.categories.performance?.score ?? 0),
            load,
          ),
        );
      }
      return rows;
    } finally {
      chrome.kill();
    }
  },
};

await runAlone(lighthouseBench, import.meta.url);
