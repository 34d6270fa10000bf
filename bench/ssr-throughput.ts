// SSR throughput: how many whole pages a second the production server renders and
// compresses, and how long the slowest take, with autocannon (bench/autocannon.ts).
//
// As a module: `ssrThroughput` is one benchmark of bench/run.ts. Alone, against a running
// production build:  node bench/ssr-throughput.ts http://127.0.0.1:3000
import { measureLoad } from "./autocannon.ts";
import { ssrBudgets, ssrPages } from "./budgets.ts";
import { BROWSER_UA } from "./page-weight.ts";
import { runAlone, type Bench, type Measurement } from "./types.ts";

const headers = {
  // A returning visitor (the uuid cookie, empty lists): the page is rendered for them. Without
  // any cookie it would come from the shared page cache (bench/shared-pages.ts measures that).
  Cookie: "uuid=5b0c2a56-8f1e-4c3a-9d2b-7e6f1a0b3c4d",
  "User-Agent": BROWSER_UA,
  "Accept-Encoding": "gzip",
  Accept: "text/html,application/xhtml+xml",
};

export const ssrThroughput: Bench = {
  name: "SSR throughput",
  async run({ baseUrl }) {
    const rows: Measurement[] = [];
    for (const pagePath of ssrPages) rows.push(...(await measureLoad(pagePath, { url: baseUrl + pagePath, headers }, ssrBudgets, "SSR ")));
    return rows;
  },
};

await runAlone(ssrThroughput, import.meta.url);
