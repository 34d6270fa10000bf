// Memory under distinct missing addresses: 20,000 different /assets/…
// misses grew the heap 36 → 122 MB, since the static server remembered every miss. Here
// 50,000 distinct missing paths — scripts, pictures, catalogue sections with odd queries,
// pages — and V8's heap after a full collection may grow by less than 10 MB. MEMORY_PATHS=n
// changes the count.
//
// The heap is read inside the server's process by bench/memory-probe.ts (the soak's probe),
// preloaded through NODE_OPTIONS with --expose-gc: on SIGUSR2 it collects and writes a line.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MemorySample } from "../../bench/memory-probe.ts";
import { browserUserAgent } from "#tests/support/http-client.ts";
import { embeddedOnlyElsewhere, embeddedOnlySkipReason, repoRoot, type Shop, startShop } from "#tests/support/server.ts";

const total = Number(process.env.MEMORY_PATHS ?? 50_000);
const allowedGrowthBytes = 10 * 1024 * 1024;

let scratch: string;
let memoryFile: string;
let shop: Shop;

async function samples(): Promise<MemorySample[]> {
  const text = await readFile(memoryFile, "utf8").catch(() => "");
  return text
    .split("\n")
    .filter((line) => line.endsWith("}"))
    .map((line) => JSON.parse(line) as MemorySample);
}

/** The server's heap after a full collection, in bytes. */
async function heapAfterGc(): Promise<number> {
  const before = (await samples()).length;
  process.kill(shop.pid, "SIGUSR2");
  const deadline = Date.now() + 10_000;
  for (;;) {
    const now = await samples();
    if (now.length > before) return now.at(-1)!.heapUsed;
    if (Date.now() > deadline) throw new Error("the server wrote no memory sample within 10 s");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The i-th missing address, a different one every time: scripts and pictures (the static
 * server and the image proxy, which answer before the app) 98 times in 100; a catalogue
 * section with an odd query and a page (through the app's bounded caches) once each, since
 * every one of those renders a whole 404 page (~100 ms on a busy two-core machine).
 */
function missingPath(i: number): string {
  const id = `${i.toString(36)}${((i * 2_654_435_761) % 4_294_967_296).toString(36)}`;
  const kind = i % 100;
  // Long names, as an attacker would send: what a remembered miss costs grows with its key.
  if (kind < 49) return `/assets/chunk-${id}-${"x".repeat(2_000)}.js`;
  if (kind < 98) return kind % 2 === 0 ? `/_ipx/f_webp,w_320/products/missing-${id}-${"y".repeat(500)}.png` : `/_ipx/w_${(i % 4000) + 1}/products/${id}.png`;
  if (kind === 98) return `/catalog/${id}?odd=${id}-${"z".repeat(500)}&page=${i}`;
  return `/some/page/${id}-${"p".repeat(150)}`;
}

/** One GET on a keep-alive connection; its status (0 when the connection failed). */
function get(agent: http.Agent, address: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(shop.url + address, { agent, headers: { "User-Agent": browserUserAgent } }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", () => resolve(0));
    });
    request.on("error", () => resolve(0));
  });
}

/** Sends paths [from, to) with `workers` requests at a time on keep-alive connections; the statuses seen. */
async function sendAll(from: number, to: number, workers: number): Promise<Map<number, number>> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: workers });
  const statuses = new Map<number, number>();
  let next = from;
  try {
    await Promise.all(
      Array.from({ length: workers }, async () => {
        while (next < to) {
          const status = await get(agent, missingPath(next++));
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  return statuses;
}

describe.skipIf(embeddedOnlyElsewhere)(`memory under distinct missing addresses${embeddedOnlySkipReason}`, () => {
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), "memory-test-"));
    memoryFile = path.join(scratch, "memory.jsonl");
    shop = await startShop({
      embedded: true,
      env: { NODE_OPTIONS: `--expose-gc --import ${path.join(repoRoot, "bench/memory-probe.ts")}`, SOAK_MEMORY_FILE: memoryFile },
    });
  });
  afterAll(async () => {
    await shop?.stop();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it(`${total} distinct missing paths grow the heap after GC by less than 10 MB`, async () => {
    // Warm-up: every kind of answer once (code compiled, pools and caches filled).
    await sendAll(total, total + 400, 8);
    const baseline = Math.max(await heapAfterGc(), await heapAfterGc());
    const startedAt = Date.now();
    const statuses = await sendAll(0, total, 8);
    const seconds = (Date.now() - startedAt) / 1000;
    const after = Math.min(await heapAfterGc(), await heapAfterGc());
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    console.log(
      `memory: ${total} missing paths in ${seconds.toFixed(0)} s (${[...statuses].map(([status, n]) => `${status}×${n}`).join(" ")}); heap after GC ${mb(baseline)} → ${mb(after)} (${mb(after - baseline)})`,
    );
    expect(
      [...statuses.keys()].filter((status) => status >= 500 || status === 0),
      "no server errors, no cut connections",
    ).toEqual([]);
    expect(after - baseline).toBeLessThan(allowedGrowthBytes);
    expect(shop.isRunning()).toBe(true);
  }, 240_000);
});
