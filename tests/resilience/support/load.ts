// A steady load on a running shop for the resilience suites: a few workers, each sending
// one request after another on a new connection (so every request's fate is its own:
// answered, refused, or cut), recording what came back and how long it took.
import http from "node:http";
import { browserUserAgent } from "#tests/support/http-client.ts";

export type PlannedRequest = {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  path: string;
  headers?: Record<string, string>;
  /** A form body (urlencoded) or a raw string. */
  form?: Record<string, string>;
  body?: string;
  /** The caller's label, carried to the outcome (a visitor and product, say). */
  tag?: string;
};

export type Outcome = {
  worker: number;
  method: string;
  path: string;
  tag?: string;
  startedAt: number;
  endedAt: number;
  /** Set when the answer's head arrived. */
  status?: number;
  contentType?: string;
  location?: string;
  body?: string;
  /** A network failure: ECONNREFUSED, ECONNRESET, "timeout"… (with status: cut after the head). */
  error?: string;
};

export type SendOptions = { timeoutMs: number };

/** One request on a new connection; never rejects: a failure is an outcome with `error`. */
export function sendOnce(baseUrl: string, request: PlannedRequest, options: SendOptions): Promise<Omit<Outcome, "worker">> {
  const startedAt = Date.now();
  const base = { method: request.method, path: request.path, tag: request.tag, startedAt };
  const body = request.form ? new URLSearchParams(request.form).toString() : request.body;
  const headers: Record<string, string> = {
    "User-Agent": browserUserAgent,
    "Accept-Language": "ru-RU,ru;q=0.9",
    Connection: "close",
    ...(request.form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
    // As browsers do: every request but GET names its page's origin (the shop refuses page forms without).
    ...(request.method !== "GET" ? { Origin: new URL(baseUrl).origin } : {}),
    ...request.headers,
  };
  if (body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(body));
  return new Promise((resolve) => {
    let settled = false;
    let head: { status: number; contentType?: string; location?: string } | undefined;
    const chunks: Buffer[] = [];
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...base, ...head, endedAt: Date.now(), body: Buffer.concat(chunks).toString("utf8"), ...(error ? { error } : {}) });
    };
    const outgoing = http.request(baseUrl + request.path, { method: request.method, headers, agent: false }, (response) => {
      head = {
        status: response.statusCode ?? 0,
        contentType: response.headers["content-type"],
        location: response.headers.location,
      };
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => finish());
      response.on("error", (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
      response.on("aborted", () => finish("aborted"));
    });
    const timer = setTimeout(() => {
      finish("timeout");
      outgoing.destroy();
    }, options.timeoutMs);
    outgoing.on("error", (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
    outgoing.end(body);
  });
}

export type Load = {
  readonly outcomes: Outcome[];
  /** When each request still awaiting its answer was sent (one per busy worker). */
  pendingSince(): number[];
  /** Resolves once `check` holds for the outcomes so far; fails after `timeoutMs`. */
  until(check: (outcomes: Outcome[]) => boolean, timeoutMs: number, what: string): Promise<void>;
  /** Lets every worker finish its current request; the outcomes of the whole run. */
  stop(): Promise<Outcome[]>;
};

/**
 * Starts one worker per plan; a worker sends `plan(n)` for n = 0, 1, 2… back to back
 * (with `pauseMs` between) until stopped, or until `plan` returns undefined.
 */
export function startLoad(baseUrl: string, plans: Array<(n: number) => PlannedRequest | undefined>, options: { timeoutMs: number; pauseMs?: number }): Load {
  const outcomes: Outcome[] = [];
  const pending = new Map<number, number>();
  let stopped = false;
  const workers = plans.map(async (plan, worker) => {
    // oxlint-disable-next-line no-unmodified-loop-condition -- stop() sets it while the loop awaits
    for (let n = 0; !stopped; n++) {
      const request = plan(n);
      if (!request) return;
      pending.set(worker, Date.now());
      const outcome = await sendOnce(baseUrl, request, options);
      pending.delete(worker);
      outcomes.push({ worker, ...outcome });
      if (options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    }
  });
  return {
    outcomes,
    pendingSince: () => [...pending.values()],
    async until(check, timeoutMs, what) {
      const deadline = Date.now() + timeoutMs;
      while (!check(outcomes)) {
        if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s (${describeOutcomes(outcomes.slice(-10))})`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      stopped = true;
      await Promise.all(workers);
      return outcomes;
    },
  };
}

/** A short account of outcomes for a failure message: "GET /about 503", "POST /cart ECONNRESET". */
export function describeOutcomes(outcomes: Outcome[]): string {
  return outcomes.map((o) => `${o.method} ${o.path} ${o.status ?? ""}${o.error ? ` ${o.error}` : ""} (${o.endedAt - o.startedAt} ms)`.trim()).join("; ");
}
