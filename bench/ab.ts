// Paired A/B of two checkouts of the shop on this machine: `OTHER=/path/to/checkout node bench/ab.ts`.
// Both production builds run side by side (each built first), and for each page and kind (shared:
// no cookie, from the page cache; personal: a signed-in buyer with a coin in the cart) the load
// alternates between them in slices of SLICE seconds (10 connections, gzip), SLICES slices each,
// the order swapped every pair. On a machine shared with other work the req/s of separate runs
// move by a third; slices a few seconds apart see the same load, so the sums compare. Prints
// req/s and the server's CPU per request of each side (decision 044).
import { createRequire } from "node:module";
import { loadavg } from "node:os";
import path from "node:path";
import { BROWSER_UA } from "./page-weight.ts";
import { signIn } from "./place-order.ts";
import { processTreeCpuMs } from "./process-cpu.ts";
import type * as ShopServer from "./shop-server.ts";

type AutocannonResult = { requests: { total: number }; non2xx: number; errors: number; timeouts: number };
const autocannon = createRequire(import.meta.url)("autocannon") as (options: {
  url: string;
  headers: Record<string, string>;
  connections: number;
  duration: number;
}) => Promise<AutocannonResult>;

const other = process.env.OTHER;
if (!other) {
  console.error("usage: OTHER=/path/to/other/checkout node bench/ab.ts (SLICES=12 SLICE=3 KINDS=shared,personal PAGES=/,/catalog)");
  process.exit(2);
}
const slices = Number(process.env.SLICES ?? 12);
const slice = Number(process.env.SLICE ?? 3);
const kinds = (process.env.KINDS ?? "shared,personal").split(",");
const pages = (process.env.PAGES ?? "/,/catalog,/products/georgiy-pobedonosec-50-rubley-mmd").split(",");

const sides: Record<"other" | "this", typeof ShopServer> = {
  other: await import(path.join(path.resolve(other), "bench/shop-server.ts")),
  this: await import("./shop-server.ts"),
};
for (const side of Object.values(sides)) side.buildIfNeeded();
// On a machine busy with other work a start can take minutes (PGlite's first load); wait for it.
const startOptions = { timeoutMs: 300_000 };
const servers = { other: await sides.other.startShop(startOptions), this: await sides.this.startShop(startOptions) };
const names = ["other", "this"] as const;
const base = { "User-Agent": BROWSER_UA, "Accept-Encoding": "gzip", Accept: "text/html,application/xhtml+xml" };

try {
  const cookies = { other: "", this: "" };
  for (const name of names) {
    const { baseUrl, smsOutboxFile } = servers[name];
    const buyer = await signIn(baseUrl, smsOutboxFile, 0);
    const added = await buyer.postForm("/cart", { intent: "add", productId: "1" });
    if (added.status !== 303) throw new Error(`${name}: adding a coin to the cart: HTTP ${added.status}`);
    await buyer.html("/cart");
    cookies[name] = await buyer.jar.getCookieString(baseUrl + "/");
  }
  console.log(`paired A/B, ${other} → this checkout; ${slices} slices of ${slice} s each; load average ${loadavg()[0]!.toFixed(1)}`);
  for (const kind of kinds) {
    for (const page of pages) {
      const headersOf = (name: (typeof names)[number]) => (kind === "personal" ? { ...base, Cookie: cookies[name] } : base);
      const totals = { other: { cpu: 0, requests: 0, failed: 0 }, this: { cpu: 0, requests: 0, failed: 0 } };
      // A rendered page's cost settles only after a few seconds of load (bench/personal-pages.ts).
      for (const name of names)
        await autocannon({ url: servers[name].baseUrl + page, headers: headersOf(name), connections: 10, duration: kind === "personal" ? 8 : 3 });
      for (let i = 0; i < slices; i++) {
        for (const name of i % 2 === 0 ? names : ([...names].reverse() as (typeof names)[number][])) {
          const { baseUrl, pid } = servers[name];
          const cpuBefore = processTreeCpuMs(pid) ?? 0;
          const result = await autocannon({ url: baseUrl + page, headers: headersOf(name), connections: 10, duration: slice });
          totals[name].cpu += (processTreeCpuMs(pid) ?? 0) - cpuBefore;
          totals[name].requests += result.requests.total;
          totals[name].failed += result.non2xx + result.errors + result.timeouts;
        }
      }
      const rate = (name: (typeof names)[number]) => totals[name].requests / (slices * slice);
      const cpu = (name: (typeof names)[number]) => totals[name].cpu / totals[name].requests;
      const change = (after: number, before: number) => `${after >= before ? "+" : ""}${((after / before - 1) * 100).toFixed(1)} %`;
      console.log(
        `${kind} ${page}: req/s ${rate("other").toFixed(0)} → ${rate("this").toFixed(0)} (${change(rate("this"), rate("other"))}), ` +
          `CPU per request ${cpu("other").toFixed(3)} → ${cpu("this").toFixed(3)} ms (${change(cpu("this"), cpu("other"))}), ` +
          `failed ${totals.other.failed}/${totals.this.failed}, load average ${loadavg()[0]!.toFixed(1)}`,
      );
    }
  }
} finally {
  await Promise.all(names.map((name) => servers[name].stop()));
}
