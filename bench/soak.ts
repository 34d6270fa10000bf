// `npm run soak`: the production build on a fresh embedded database under a
// steady load of visitors for ten minutes; passes when nothing failed and the server's
// memory stayed flat. Not part of CI or `npm run bench`: it takes the whole ten minutes.
//
// Load: an open-loop arrival rate (SOAK_RATE requests a second, default 25): a request is
// started every 1/rate seconds whether or not earlier ones have been answered, so a slow
// server meets a growing queue, as it would in life. Each request is the next step of one
// visitor's journey (below): a pool of SOAK_VISITORS visitors (default 100), each with its
// own cookie jar and client address (X-Forwarded-For, the server runs with TRUST_PROXY as
// behind the production proxy, so the per-address limits on SMS codes apply per visitor);
// a visitor whose journey ends leaves and a new one comes, so sessions, carts, drafts,
// users and orders pile up in the database as they would in the shop. When every visitor
// is waiting for an answer, the next arrival is a new visitor.
//
// Measured: every response against the status its step expects (errors: 5xx, network
// errors, timeouts after SOAK_TIMEOUT_SECONDS (30), and any other status the step does
// not expect, 4xx included); latency p50/p95/p99 per minute; the server's memory every
// 10 s through bench/memory-probe.ts (RSS, V8 heap before and after a forced full GC).
// Budgets and their reasons: soakBudgets in bench/budgets.ts.
//
// Writes bench/SOAK.md; exits 1 when a request failed or memory grew past its budget.
// SOAK_MINUTES (default 10) may be a fraction for a quick check: SOAK_MINUTES=1 npm run soak.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import demoCatalog from "#app/modules/catalog/demo-catalog.json" with { type: "json" };
import { inputValue, radioValues } from "#tests/support/html.ts";
import { type ClientResponse, ShopClient } from "#tests/support/http-client.ts";
import { waitForSmsCode } from "#tests/support/sms-outbox.ts";
import { soakBudgets } from "./budgets.ts";
import { machine, machineLines } from "./machine.ts";
import type { MemorySample } from "./memory-probe.ts";
import { buildIfNeeded, root, startShop } from "./shop-server.ts";
import { markdownTable, type Table, textTable } from "./table.ts";
import { percentile } from "./types.ts";

const MB = 1024 * 1024;
/** Memory is sampled every 10 s; a run shorter than 80 s still gets eight samples. */
const sampleEvery = (durationMs: number) => Math.floor(Math.min(10_000, durationMs / 8));

export type SoakSettings = { rate: number; minutes: number; visitors: number; timeoutMs: number };

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not "${raw}"`);
  return value;
}

// ---------------------------------------------------------------------------------------
// What is recorded

type Outcome = {
  /** Milliseconds since the load started, when the request was sent. */
  at: number;
  label: string;
  ms: number;
  /** The HTTP status, or what went wrong before one came. */
  status: number | "timeout" | "network";
  /** Why the answer counts as an error (undefined: it is one the step expects). */
  problem?: string;
};

class Recorder {
  readonly outcomes: Outcome[] = [];
  inFlight = 0;
  private errorsShown = 0;
  /** The most requests waiting for an answer at once, per minute. */
  readonly maxInFlight: number[] = [];

  started(at: number) {
    this.inFlight++;
    const minute = Math.floor(at / 60_000);
    this.maxInFlight[minute] = Math.max(this.maxInFlight[minute] ?? 0, this.inFlight);
  }

  finished(outcome: Outcome) {
    this.inFlight--;
    this.outcomes.push(outcome);
    if (!outcome.problem) return;
    // The first few as they come; the report counts them all.
    this.errorsShown++;
    if (this.errorsShown <= 20) console.error(`  error: ${outcome.label}: ${outcome.problem}`);
    if (this.errorsShown === 20) console.error("  (further errors are counted, not shown)");
  }
}

// ---------------------------------------------------------------------------------------
// Visitors

/** Coins a visitor may put in the cart: one at least in stock. Buyers who order take from the well-stocked ones. */
const coins = demoCatalog.map((coin, index) => ({ id: index + 1, slug: coin.slug, stock: coin.stock }));
const inStock = coins.filter((coin) => coin.stock >= 5);
/**
 * Orders take one coin each from these (at least 30 in stock: 15 coins, over 450 pieces),
 * so a ten-minute run at the default rate (some 110 orders, 7 or so per coin) never sells
 * one out and no visitor meets an honest «нет в наличии».
 */
const wellStocked = coins.filter((coin) => coin.stock >= 30);

const listings = [
  "/catalog",
  "/catalog/page/2",
  "/catalog?metal=gold",
  "/catalog?metal=silver&sort=price-asc",
  "/catalog?kind=investment&weight=16-32",
  "/catalog?metal=gold&kind=commemorative&sort=price-desc",
  "/catalog?in_stock=1&price_to=50000",
  "/catalog/gold/monety-georgiy-pobedonosec",
  "/catalog/silver/bullion-coins",
  "/catalog/bullion-coins/monety-sberbanka",
];
const searches = ["Георгий Победоносец", "Соболь", "червонец", "Кленовый лист", "1 унция", "серебро 3 рубля", "панда"];
const contact = { lastName: "Покупатель", name: "Постоянный", phone: "+7 (999) 000-00-00" };

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const chance = (probability: number) => Math.random() < probability;

type Expectation = {
  status: number;
  /** A further check of the answer; returns what is wrong, if anything. */
  check?: (response: ClientResponse) => string | undefined;
};

const locationMatches = (pattern: RegExp) => (response: ClientResponse) => {
  const location = response.headers.get("location") ?? "";
  return pattern.test(location) ? undefined : `redirected to "${location}", expected ${pattern}`;
};

class Visitor {
  readonly id: number;
  readonly soak: Soak;
  readonly client: ShopClient;
  private permit: (() => void) | undefined;

  constructor(id: number, soak: Soak) {
    this.id = id;
    this.soak = soak;
    // 10.x.y.z: an address per visitor, as the proxy would pass it on.
    const address = `10.${(id >> 16) & 255}.${(id >> 8) & 255}.${id & 255}`;
    this.client = new ShopClient(soak.baseUrl, { headers: { "X-Forwarded-For": address } });
  }

  get idle(): boolean {
    return this.permit !== undefined;
  }

  /** Lets the visitor send its next request (called by the arrival clock). */
  go() {
    const permit = this.permit;
    this.permit = undefined;
    permit?.();
  }

  /**
   * Waits for an arrival, sends one request and records it. Returns the answer when it is
   * the expected one, undefined otherwise (the journey then ends: what follows needs it).
   */
  async step(label: string, expected: Expectation, send: (timeoutMs: number) => Promise<ClientResponse>): Promise<ClientResponse | undefined> {
    await new Promise<void>((resolve) => (this.permit = resolve));
    const { recorder, timeoutMs } = this.soak;
    const at = this.soak.elapsed();
    recorder.started(at);
    const started = performance.now();
    let outcome: Outcome;
    let response: ClientResponse | undefined;
    try {
      response = await send(timeoutMs);
      const problem =
        response.status !== expected.status
          ? `HTTP ${response.status}, expected ${expected.status}: ${response.text.replace(/\s+/g, " ").slice(0, 160)}`
          : expected.check?.(response);
      outcome = { at, label, ms: performance.now() - started, status: response.status, problem };
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      const message = error instanceof Error ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ""}` : String(error);
      outcome = {
        at,
        label,
        ms: performance.now() - started,
        status: timedOut ? "timeout" : "network",
        problem: timedOut ? `no answer in ${timeoutMs / 1000} s` : message,
      };
    }
    recorder.finished(outcome);
    return outcome.problem ? undefined : response;
  }

  get(label: string, path: string, expected: Expectation = { status: 200 }) {
    return this.step(label, expected, (timeoutMs) => this.client.get(path, { timeoutMs }));
  }

  postForm(label: string, path: string, fields: Record<string, string>, expected: Expectation) {
    return this.step(label, expected, (timeoutMs) => this.client.postForm(path, fields, { timeoutMs }));
  }

  /** A JSON call as the page's scripts make it (same origin). */
  api(label: string, method: string, path: string, body: unknown, expected: Expectation = { status: 200 }) {
    const headers = { "Content-Type": "application/json", Origin: this.client.baseUrl };
    return this.step(label, expected, (timeoutMs) =>
      this.client.request(method, path, body === undefined ? undefined : JSON.stringify(body), { headers, timeoutMs }),
    );
  }
}

/** Looks round: the home page, listings with filters and pages, coins, the quotes bar. */
async function browse(visitor: Visitor) {
  if (!(await visitor.get("GET /", "/"))) return;
  if (!(await visitor.api("GET /api/courses", "GET", "/api/courses", undefined))) return;
  if (!(await visitor.get("GET /catalog…", pick(listings)))) return;
  for (let count = 1 + Math.floor(Math.random() * 3); count > 0; count--) {
    if (!(await visitor.get("GET /products/:slug", `/products/${pick(coins).slug}`))) return;
  }
  if (chance(0.5) && !(await visitor.get("GET /catalog…", pick(listings)))) return;
  await visitor.api("GET /api/courses", "GET", "/api/courses", undefined);
}

/** Searches, then opens a coin. */
async function search(visitor: Visitor) {
  if (chance(0.5) && !(await visitor.get("GET /", "/"))) return;
  if (!(await visitor.get("GET /search", `/search?q=${encodeURIComponent(pick(searches))}`))) return;
  await visitor.get("GET /products/:slug", `/products/${pick(coins).slug}`);
}

/** Adds a coin with the plain form, looks at the cart, sometimes fills in the checkout form. */
async function cartByForm(visitor: Visitor, coin = pick(inStock)): Promise<boolean> {
  if (!(await visitor.get("GET /products/:slug", `/products/${coin.slug}`))) return false;
  if (!(await visitor.postForm("POST /cart (form)", "/cart", { intent: "add", productId: String(coin.id) }, { status: 303 }))) return false;
  return (await visitor.get("GET /cart", "/cart")) !== undefined;
}

async function saveCheckout(visitor: Visitor): Promise<string | undefined> {
  const page = await visitor.get("GET /checkout", "/checkout");
  if (!page) return undefined;
  const saved = await visitor.postForm(
    "POST /checkout (save)",
    "/checkout",
    {
      token: inputValue(page.text, "token") ?? "",
      shown: inputValue(page.text, "shown") ?? "",
      ...contact,
      email: `visitor${visitor.id}@example.ru`,
      intent: "save",
    },
    { status: 303, check: locationMatches(/^\/checkout/) },
  );
  return saved ? page.text : undefined;
}

async function formCart(visitor: Visitor) {
  if (chance(0.5) && !(await visitor.get("GET /catalog…", pick(listings)))) return;
  if (!(await cartByForm(visitor))) return;
  if (chance(0.5)) await saveCheckout(visitor);
}

/** Adds a coin through /api/cart as the enhanced cart does, then reads the cart back. */
async function apiCart(visitor: Visitor) {
  const coin = pick(inStock);
  if (!(await visitor.get("GET /products/:slug", `/products/${coin.slug}`))) return;
  if (!(await visitor.api("PATCH /api/cart/:id", "PATCH", `/api/cart/${coin.id}`, { quantity: 1 }))) return;
  if (!(await visitor.api("GET /api/cart", "GET", "/api/cart", undefined))) return;
  await visitor.get("GET /cart", "/cart");
}

/** Signs in with the SMS code: as the dialog does (the /api calls) or with the plain /login forms. */
async function signIn(visitor: Visitor, phone: string): Promise<boolean> {
  const outbox = visitor.soak.smsOutboxFile;
  if (chance(0.5)) {
    if (!(await visitor.api("POST /api/auth/get-code", "POST", "/api/auth/get-code", { phone }))) return false;
    const code = await waitForSmsCode(outbox, phone);
    return (await visitor.api("POST /api/auth/check-code", "POST", "/api/auth/check-code", { phone, code })) !== undefined;
  }
  const redirectTo = "/checkout";
  if (!(await visitor.postForm("POST /login (send)", "/login", { intent: "send", phone, redirectTo }, { status: 303, check: locationMatches(/^\/login/) })))
    return false;
  const code = await waitForSmsCode(outbox, phone);
  const verified = await visitor.postForm(
    "POST /login (verify)",
    "/login",
    { intent: "verify", code, redirectTo },
    { status: 303, check: locationMatches(/^\/cabinet\/create/) },
  );
  if (!verified) return false;
  const registration = { intent: "register", fullName: "Покупатель Постоянный", email: `visitor${visitor.id}@example.ru`, consent: "on", redirectTo };
  return (
    (await visitor.postForm("POST /cabinet/create", "/cabinet/create", registration, { status: 303, check: locationMatches(/^\/checkout/) })) !== undefined
  );
}

/** Puts a coin in the cart, signs in, fills in the checkout; now and then orders and pays. */
async function buy(visitor: Visitor) {
  if (chance(0.5) && !(await visitor.get("GET /", "/"))) return;
  if (!(await cartByForm(visitor, pick(wellStocked)))) return;
  if (!(await signIn(visitor, `+7998${String(visitor.id).padStart(7, "0")}`))) return;
  const page = await saveCheckout(visitor);
  if (!page || !chance(0.4)) return;
  const form = await visitor.get("GET /checkout", "/checkout");
  if (!form) return;
  const fields = {
    token: inputValue(form.text, "token") ?? "",
    shown: inputValue(form.text, "shown") ?? "",
    ...contact,
    email: `visitor${visitor.id}@example.ru`,
    deliveryId: "76",
    pointCode: radioValues(form.text, "pointCode")[0] ?? "",
    intent: "place",
  };
  const placed = await visitor.postForm("POST /checkout (place)", "/checkout", fields, { status: 303, check: locationMatches(/\/payment\/sandbox\/[\w-]+$/) });
  if (!placed) return;
  const paymentPath = new URL(placed.headers.get("location")!).pathname;
  if (!(await visitor.get("GET /payment/sandbox/:id", paymentPath))) return;
  if (!chance(0.8)) return; // changed their mind: the order waits unpaid
  const paid = await visitor.postForm("POST /payment/sandbox/:id", paymentPath, { intent: "pay" }, { status: 303, check: locationMatches(/\/thanks\?/) });
  if (!paid) return;
  const thanks = new URL(paid.headers.get("location")!, visitor.client.baseUrl);
  if (!(await visitor.get("GET /thanks", thanks.pathname + thanks.search))) return;
  await visitor.get("GET /my/orders", "/my/orders");
}

/** The mix: share of visitors per journey. */
const journeys: { weight: number; run: (visitor: Visitor) => Promise<void> }[] = [
  { weight: 40, run: browse },
  { weight: 15, run: search },
  { weight: 20, run: formCart },
  { weight: 15, run: apiCart },
  { weight: 10, run: buy },
];
const totalWeight = journeys.reduce((sum, journey) => sum + journey.weight, 0);

function pickJourney() {
  let roll = Math.random() * totalWeight;
  for (const journey of journeys) {
    roll -= journey.weight;
    if (roll < 0) return journey.run;
  }
  return journeys[0]!.run;
}

// ---------------------------------------------------------------------------------------
// The run

class Soak {
  readonly recorder = new Recorder();
  private readonly visitors = new Set<Visitor>();
  private nextId = 1;
  private startedAt = 0;
  readonly baseUrl: string;
  readonly smsOutboxFile: string;
  readonly settings: SoakSettings;

  constructor(baseUrl: string, smsOutboxFile: string, settings: SoakSettings) {
    this.baseUrl = baseUrl;
    this.smsOutboxFile = smsOutboxFile;
    this.settings = settings;
  }

  get timeoutMs() {
    return this.settings.timeoutMs;
  }

  elapsed(): number {
    return performance.now() - this.startedAt;
  }

  private arrive(): Visitor {
    const visitor = new Visitor(this.nextId++, this);
    this.visitors.add(visitor);
    // The journey waits at its first step for an arrival; when it ends, another visitor comes.
    void pickJourney()(visitor).finally(() => {
      this.visitors.delete(visitor);
      if (this.visitors.size < this.settings.visitors) this.arrive();
    });
    return visitor;
  }

  /** One arrival: an idle visitor's next request, or a new visitor when all are waiting. */
  private dispatch() {
    const idle = [...this.visitors].filter((visitor) => visitor.idle);
    (idle.length > 0 ? pick(idle) : this.arrive()).go();
  }

  async run(durationMs: number, onTick: (elapsedMs: number) => void): Promise<void> {
    this.startedAt = performance.now();
    for (let index = 0; index < this.settings.visitors; index++) this.arrive();
    // Let each new journey reach its first step before the clock starts.
    await new Promise((resolve) => setImmediate(resolve));
    const interval = 1000 / this.settings.rate;
    let next = 0;
    while (next < durationMs) {
      const now = this.elapsed();
      while (next <= now && next < durationMs) {
        this.dispatch();
        next += interval;
      }
      onTick(now);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - this.elapsed())));
    }
  }

  /** Waits for the answers still out (each is bounded by the timeout). */
  async drain(): Promise<void> {
    while (this.recorder.inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));
  }

  get visitorCount() {
    return this.nextId - 1;
  }
}

// ---------------------------------------------------------------------------------------
// Memory

/** A probe's sample with when it was asked for and the machine's 1-minute load average then. */
type Sample = MemorySample & { elapsedMs: number; load: number };

/** Signals the server for a sample and waits for its line in the probe's file. */
async function sampleMemory(pid: number, file: string, elapsedMs: number): Promise<Sample> {
  const before = readSamples(file).length;
  process.kill(pid, "SIGUSR2");
  const deadline = Date.now() + 10_000;
  for (;;) {
    const samples = readSamples(file);
    if (samples.length > before) return { ...samples.at(-1)!, elapsedMs, load: os.loadavg()[0]! };
    if (Date.now() > deadline) throw new Error(`the server wrote no memory sample to ${file} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function readSamples(file: string): MemorySample[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return [];
  }
  return text
    .split("\n")
    .filter((line) => line.endsWith("}"))
    .map((line) => JSON.parse(line) as MemorySample);
}

export type TimedSample = { elapsedMs: number; rss: number; heapUsed: number };

export type MemoryVerdict = {
  /** Medians of the samples in each window (bytes). */
  heapStart: number;
  heapEnd: number;
  heapAllowed: number;
  rssStart: number;
  rssEnd: number;
  rssAllowed: number;
  /** The windows, in ms since the load started. */
  startWindow: [number, number];
  endWindow: [number, number];
  heapOk: boolean;
  rssOk: boolean;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
};

/**
 * "Memory flat": the heap after a full GC and the RSS near the start (after the warm-up, in
 * the first minute) against the last minute, each the median of the samples in its window.
 * A run shorter than two minutes uses its first and second halves, after a quarter's warm-up.
 */
export function judgeMemory(samples: TimedSample[], durationMs: number, budgets = soakBudgets): MemoryVerdict {
  const warmupMs = Math.min(budgets.warmupMs, durationMs / 4);
  const windowMs = Math.min(60_000, durationMs / 2);
  const startWindow: [number, number] = [warmupMs, Math.max(warmupMs, windowMs)];
  const endWindow: [number, number] = [durationMs - windowMs, Number.POSITIVE_INFINITY];
  const within = ([from, to]: [number, number]) => samples.filter((sample) => sample.elapsedMs >= from && sample.elapsedMs <= to);
  const first = within(startWindow);
  const last = within(endWindow);
  if (first.length === 0 || last.length === 0) throw new Error(`no memory samples in the windows (${samples.length} samples over ${durationMs} ms)`);
  const heapStart = median(first.map((sample) => sample.heapUsed));
  const heapEnd = median(last.map((sample) => sample.heapUsed));
  const rssStart = median(first.map((sample) => sample.rss));
  const rssEnd = median(last.map((sample) => sample.rss));
  const heapAllowed = Math.max(heapStart * budgets.heapGrowth.fraction, budgets.heapGrowth.bytes);
  const rssAllowed = budgets.rssGrowth.bytes;
  return {
    heapStart,
    heapEnd,
    heapAllowed,
    rssStart,
    rssEnd,
    rssAllowed,
    startWindow,
    endWindow,
    heapOk: heapEnd - heapStart <= heapAllowed,
    rssOk: rssEnd - rssStart <= rssAllowed,
  };
}

// ---------------------------------------------------------------------------------------
// Report

const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const signedMb = (bytes: number) => `${bytes >= 0 ? "+" : "−"}${(Math.abs(bytes) / MB).toFixed(1)} MB`;
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : "—");

function latencyCells(outcomes: Outcome[]): [string, string, string] {
  const sorted = outcomes
    .filter((outcome) => typeof outcome.status === "number")
    .map((outcome) => outcome.ms)
    .sort((a, b) => a - b);
  if (sorted.length === 0) return ["—", "—", "—"];
  return [ms(percentile(sorted, 50)), ms(percentile(sorted, 95)), ms(percentile(sorted, 99))];
}

function minuteTable(outcomes: Outcome[], samples: Sample[], idle: Sample, maxInFlight: number[], durationMs: number): Table {
  const minutes = Math.ceil(durationMs / 60_000);
  const rows: string[][] = [];
  for (let minute = 0; minute < minutes; minute++) {
    const from = minute * 60_000;
    const to = Math.min(durationMs, from + 60_000);
    const these = outcomes.filter((outcome) => outcome.at >= from && outcome.at < to);
    // The memory at the end of the minute: the last sample taken in it; the server's CPU
    // since the end of the minute before (the share of one core).
    const sample = samples.filter((item) => item.elapsedMs > from && item.elapsedMs <= to).at(-1);
    const previous = samples.filter((item) => item.elapsedMs <= from).at(-1) ?? idle;
    const cpu = sample ? (sample.cpuMicros - previous.cpuMicros) / 1000 / (sample.at - previous.at) : NaN;
    rows.push([
      String(minute + 1),
      String(these.length),
      String(these.filter((outcome) => outcome.problem).length),
      ...latencyCells(these),
      String(maxInFlight[minute] ?? 0),
      Number.isFinite(cpu) ? `${Math.round(cpu * 100)} %` : "—",
      sample ? sample.load.toFixed(1) : "—",
      sample ? mb(sample.rss) : "—",
      sample ? mb(sample.heapUsedBefore) : "—",
      sample ? mb(sample.heapUsed) : "—",
    ]);
  }
  return {
    header: ["minute", "requests", "errors", "p50", "p95", "p99", "max in flight", "server CPU", "load", "RSS", "heap used", "heap after GC"],
    rows,
    numeric: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
  };
}

function requestTable(outcomes: Outcome[]): Table {
  const labels = [...new Set(outcomes.map((outcome) => outcome.label))].sort();
  const rows = labels.map((label) => {
    const these = outcomes.filter((outcome) => outcome.label === label);
    return [label, String(these.length), String(these.filter((outcome) => outcome.problem).length), ...latencyCells(these)];
  });
  return { header: ["request", "count", "errors", "p50", "p95", "p99"], rows, numeric: [1, 2, 3, 4, 5] };
}

function errorSummary(outcomes: Outcome[]): string[] {
  const counts = new Map<string, number>();
  for (const outcome of outcomes) {
    if (!outcome.problem) continue;
    const key = `${outcome.label}: ${outcome.problem.slice(0, 200)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([key, count]) => `${count} × ${key}`);
}

// ---------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const settings: SoakSettings = {
    rate: positive("SOAK_RATE", 25),
    minutes: positive("SOAK_MINUTES", 10),
    visitors: Math.round(positive("SOAK_VISITORS", 100)),
    timeoutMs: positive("SOAK_TIMEOUT_SECONDS", 30) * 1000,
  };
  const durationMs = settings.minutes * 60_000;
  const everyMs = sampleEvery(durationMs);
  buildIfNeeded();
  const info = machine();
  const probe = path.join(root, "bench/memory-probe.ts");
  // The probe's file lives outside the server's temporary folder, which stop() removes.
  // It is kept afterwards for a closer look: every sample as the probe wrote it.
  const memoryFile = path.join(root, "bench/.out/soak-memory.jsonl");
  mkdirSync(path.dirname(memoryFile), { recursive: true });
  writeFileSync(memoryFile, "");
  const server = await startShop({
    nodeArgs: ["--expose-gc", "--import", probe],
    env: { SOAK_MEMORY_FILE: memoryFile, TRUST_PROXY: "true" },
  });
  console.log(
    `Soak: ${settings.rate} req/s for ${settings.minutes} min against ${server.baseUrl} (pid ${server.pid}), ${settings.visitors} visitors at a time; memory every ${everyMs / 1000} s.`,
  );

  const soak = new Soak(server.baseUrl, server.smsOutboxFile, settings);
  const samples: Sample[] = [];
  let idle: Sample | undefined;
  let sampling: Promise<void> = Promise.resolve();
  let nextSample = everyMs;
  let failure: unknown;
  // Ctrl-C: stop the server (and remove its folder) rather than leave it running.
  const interrupt = () => {
    console.error("\nInterrupted: stopping the server.");
    void server.stop().finally(() => process.exit(130));
  };
  process.once("SIGINT", interrupt);
  process.once("SIGTERM", interrupt);
  try {
    idle = await sampleMemory(server.pid, memoryFile, 0);
    const takeSample = (at: number) => {
      sampling = sampling.then(async () => {
        const sample = await sampleMemory(server.pid, memoryFile, at);
        samples.push(sample);
        if (at % 60_000 === 0) {
          const minute = at / 60_000;
          const these = soak.recorder.outcomes.filter((outcome) => outcome.at >= at - 60_000 && outcome.at < at);
          const [p50, , p99] = latencyCells(these);
          console.log(
            `minute ${minute}: ${these.length} requests, ${these.filter((outcome) => outcome.problem).length} errors, p50 ${p50}, p99 ${p99}, load ${sample.load.toFixed(1)}, RSS ${mb(sample.rss)}, heap after GC ${mb(sample.heapUsed)}`,
          );
        }
      });
    };
    await soak.run(durationMs, (elapsed) => {
      while (nextSample <= elapsed && nextSample <= durationMs) {
        takeSample(nextSample);
        nextSample += everyMs;
      }
    });
    // The last sample, at the end of the load (a run of a fraction of a minute ends between samples).
    if (nextSample - everyMs < durationMs) takeSample(durationMs);
    await sampling;
    await soak.drain();
  } catch (error) {
    failure = error;
  } finally {
    process.off("SIGINT", interrupt);
    process.off("SIGTERM", interrupt);
    await server.stop();
  }
  if (failure || !idle) throw failure;

  const outcomes = soak.recorder.outcomes;
  const errors = outcomes.filter((outcome) => outcome.problem);
  const memory = judgeMemory(samples, durationMs);
  const serverLog = server.output().trim();
  const minutes = minuteTable(outcomes, samples, idle, soak.recorder.maxInFlight, durationMs);
  const requests = requestTable(outcomes);
  const errorsOk = errors.length <= soakBudgets.errors;
  const passed = errorsOk && memory.heapOk && memory.rssOk;
  const window = ([from, to]: [number, number]) =>
    `${Math.round(from / 1000)}–${Number.isFinite(to) ? Math.round(to / 1000) : Math.round(durationMs / 1000)} s`;
  const verdictLines = [
    `- Requests: ${outcomes.length} in ${settings.minutes} min (${(outcomes.length / (durationMs / 1000)).toFixed(1)} req/s) from ${soak.visitorCount} visitors; errors: ${errors.length} (budget ${soakBudgets.errors}) — ${errorsOk ? "ok" : "FAILED"}`,
    `- Heap used after a full GC: ${mb(memory.heapStart)} (${window(memory.startWindow)}) → ${mb(memory.heapEnd)} (${window(memory.endWindow)}), ${signedMb(memory.heapEnd - memory.heapStart)}; budget +${mb(memory.heapAllowed)} — ${memory.heapOk ? "ok" : "OVER"}`,
    `- RSS: ${mb(memory.rssStart)} → ${mb(memory.rssEnd)}, ${signedMb(memory.rssEnd - memory.rssStart)}; budget +${mb(memory.rssAllowed)} — ${memory.rssOk ? "ok" : "OVER"}`,
    `- Idle server before the load: RSS ${mb(idle.rss)}, heap after GC ${mb(idle.heapUsed)}`,
  ];
  const errorLines = errorSummary(outcomes);

  console.log(`\n${textTable(minutes)}\n\n${textTable(requests)}\n`);
  for (const line of verdictLines) console.log(line.slice(2));
  if (errorLines.length > 0) console.log(`\nErrors:\n${errorLines.map((line) => `  ${line}`).join("\n")}`);
  if (serverLog) console.log(`\nThe server printed:\n${serverLog.slice(0, 4000)}`);
  console.log(passed ? "\nSoak passed: no errors, memory flat." : "\nSoak FAILED.");

  const report = [
    "# Soak",
    "",
    "Written by `npm run soak` (bench/soak.ts): the production build under a steady open-loop load of",
    "visitors (browsing, filtered listings, search, the cart by form and by /api, the checkout form, sign-in",
    "by SMS code, orders and sandbox payments), every answer checked against the status its step expects,",
    "the server's memory sampled every 10 s (bench/memory-probe.ts: RSS, V8 heap before and after a full GC).",
    "Budgets and their reasons: `soakBudgets` in bench/budgets.ts. “heap used” is V8's heap when the sample",
    "was taken, “heap after GC” what is still reachable after a forced full collection; “server CPU” is the",
    "share of one core the server used in the minute, “load” the machine's 1-minute load average (a run",
    "starved by other jobs on a shared machine shows there).",
    "",
    `- Date: ${new Date().toISOString()}`,
    ...machineLines(info),
    `- Server: production build (NODE_ENV=production), embedded PGlite on a fresh data folder, 127.0.0.1, TRUST_PROXY=true (one X-Forwarded-For address per visitor)`,
    `- Settings: SOAK_RATE=${settings.rate} req/s, SOAK_MINUTES=${settings.minutes}, SOAK_VISITORS=${settings.visitors}, SOAK_TIMEOUT_SECONDS=${settings.timeoutMs / 1000}; mix of journeys: ${journeys.map((journey) => `${journey.run.name} ${journey.weight} %`).join(", ")}`,
    "",
    "## Per minute",
    "",
    markdownTable(minutes),
    "",
    "## Per request",
    "",
    markdownTable(requests),
    "",
    "## Verdict",
    "",
    ...verdictLines,
    "",
    passed ? "Passed: no errors, memory flat." : "FAILED.",
    ...(errorLines.length > 0 ? ["", "Errors:", "", ...errorLines.map((line) => `- ${line}`)] : []),
    ...(serverLog ? ["", "The server printed (LOG_LEVEL=warn):", "", "```", serverLog.slice(0, 4000), "```"] : []),
    "",
  ].join("\n");
  writeFileSync(path.join(root, "bench/SOAK.md"), report);
  console.log("Wrote bench/SOAK.md");
  return passed ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
