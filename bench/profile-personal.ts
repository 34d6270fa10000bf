// A CPU profile of a personal page under load: starts the production build
// with `node --cpu-prof`, signs a buyer in with a coin in the cart, loads PAGE (default
// /catalog) with that buyer's cookies for 10 s at 10 connections, stops the shop and prints
// the heaviest functions by self time, with their share of the samples.
//   DATABASE_URL=postgres://… node bench/profile-personal.ts [/catalog]
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { BROWSER_UA } from "./page-weight.ts";
import { signIn } from "./place-order.ts";
import { buildIfNeeded, startShop } from "./shop-server.ts";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; endTime: number };

const autocannon = createRequire(import.meta.url)("autocannon") as (options: object) => Promise<{ requests: { average: number } }>;
const page = process.argv[2] ?? "/catalog";
const profileDir = mkdtempSync(path.join(tmpdir(), "coin-shop-profile-"));

buildIfNeeded();
let loadStarted = Date.now();
const shop = await startShop({ nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] });
try {
  const buyer = await signIn(shop.baseUrl, shop.smsOutboxFile, 0);
  await buyer.postForm("/cart", { intent: "add", productId: "1" });
  await buyer.html("/cart"); // shows and clears the one-time notice, as in personal-pages.ts
  const headers = { Cookie: await buyer.jar.getCookieString(shop.baseUrl + "/"), "User-Agent": BROWSER_UA, "Accept-Encoding": "gzip", Accept: "text/html" };
  await autocannon({ url: shop.baseUrl + page, headers, connections: 10, duration: 3 }); // warm-up
  loadStarted = Date.now();
  const result = await autocannon({ url: shop.baseUrl + page, headers, connections: 10, duration: 10 });
  console.log(`${page}: ${Math.round(result.requests.average)} req/s while profiled`);
} finally {
  await shop.stop();
}
// Samples from the measured load to the end: start-up (module loading) and the warm-up left out.
const measuredMicros = (Date.now() - loadStarted) * 1000;

// One profile per process: the cluster's primary and each worker (WEB_CONCURRENCY); summed.
const files = readdirSync(profileDir).filter((name) => name.endsWith(".cpuprofile"));
if (files.length === 0) throw new Error(`no profile written in ${profileDir}`);
const self = new Map<string, number>();
const byModule = new Map<string, number>();
let total = 0;
for (const file of files) {
  const profile = JSON.parse(readFileSync(path.join(profileDir, file), "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  let at = profile.endTime - profile.timeDeltas.reduce((sum, delta) => sum + delta, 0);
  for (const [index, id] of profile.samples.entries()) {
    const node = byId.get(id)!;
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    at += profile.timeDeltas[index] ?? 0;
    if (at < profile.endTime - measuredMicros) continue;
    // Busy time only: the share of the work, whatever the machine's other load.
    if (node.callFrame.functionName === "(idle)") continue;
    total += ms;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/shop\//, "");
    const key = `${functionName || "(anonymous)"} ${where}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + ms);
    const module = url
      ? (url.match(/node_modules\/((@[^/]+\/)?[^/]+)/)?.[1] ?? (url.startsWith("node:") ? "node internals" : where.split("/").slice(0, 2).join("/")))
      : functionName;
    byModule.set(module, (byModule.get(module) ?? 0) + ms);
  }
}
const top = (map: Map<string, number>, n: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([key, ms]) => `| ${key.replaceAll("|", "\\|")} | ${((ms / total) * 100).toFixed(1)} % |`);
console.log(`\n${files.length} profiles in ${profileDir}, ${Math.round(total)} ms busy\n\n| module | self |\n|---|---:|\n${top(byModule, 15).join("\n")}`);
console.log(`\n| function | self |\n|---|---:|\n${top(self, 25).join("\n")}`);
