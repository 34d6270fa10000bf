// A launch day, simulated on the demo's launched coin (on sale, at most 2 pieces to one buyer):
// BENCH_LAUNCH_BUYERS signed-in buyers each try to buy 3 pieces from two tabs at the same moment,
// then once more, while anonymous visitors load the coin page and the catalogue. Budgets:
// no piece sold beyond the stock, no buyer over the cap, no 5xx, every buyer answered with an
// order or a clear message. Order and coin-page latencies are written down beside those of the coin
// page's own HTML served as a static file (bench/static-server.ts), asked for by the same visitors.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import demoCatalog from "#app/modules/catalog/demo-catalog.json" with { type: "json" };
import { DEMO_LAUNCHED_SKU } from "#app/modules/seed/coin-launches.server.ts";
import { runCommand } from "#tests/support/commands.ts";
import { selectAll, selectAllIn, textByTestId, textOf } from "#tests/support/html.ts";
import type { ShopClient } from "#tests/support/http-client.ts";
import { placeFields, signIn } from "./place-order.ts";
import { startStaticServer, writeStaticPage } from "./shared-pages.ts";
import { type Bench, type Measurement, percentile, tally } from "./types.ts";

const BUYERS = Number(process.env.BENCH_LAUNCH_BUYERS ?? 30);
/**
 * BENCH_LAUNCH_STOCK: the coin's stock at the opening (the full size: 500), set as staff would,
 * by `npm run catalog -- stock`, beside the running shop: on PostgreSQL only, since the embedded
 * database is the running shop's alone. Without it, the demo's stock.
 */
const STOCK = process.env.BENCH_LAUNCH_STOCK === undefined ? undefined : Number(process.env.BENCH_LAUNCH_STOCK);
const VISITORS = Number(process.env.BENCH_LAUNCH_VISITORS ?? 20);
const CAP = 2;
const SET_UP_BATCH = 50;
const index = demoCatalog.findIndex((coin) => coin.sku === DEMO_LAUNCHED_SKU);
const coin = { id: index + 1, slug: demoCatalog[index]!.slug, name: demoCatalog[index]!.name };
const coinPage = `/products/${coin.slug}`;

/** What the coin page says is in stock. */
async function stockShown(baseUrl: string): Promise<number> {
  const html = await (await fetch(`${baseUrl}${coinPage}`, { headers: { Cookie: "bench=1" } })).text();
  const match = /В наличии: (\d+) шт\./.exec(html);
  return match ? Number(match[1]) : 0;
}

/** The coin's stock set by the operator's command while the shop runs; waits until its page shows it. */
async function setStock(baseUrl: string, stock: number, databaseUrl: string | undefined): Promise<void> {
  if (!databaseUrl) throw new Error("BENCH_LAUNCH_STOCK needs the shop on PostgreSQL (DATABASE_URL)");
  const set = await runCommand("scripts/catalog.ts", ["stock", DEMO_LAUNCHED_SKU, String(stock)], { DATABASE_URL: databaseUrl });
  if (set.code !== 0) throw new Error(`npm run catalog -- stock: ${set.stderr || set.stdout}`);
  for (let attempt = 0; attempt < 50 && (await stockShown(baseUrl)) !== stock; attempt++) await new Promise((resolve) => setTimeout(resolve, 200));
}

/** `dropped`: why no answer came (the client's error), when none did. */
type Outcome = { placed: boolean; status: number; message: string; ms: number; dropped?: string };

/** The client's error in a line: its name, words and cause (undici puts the socket's in the cause). */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.name}: ${error.cause.message})` : "";
  return `${error.name}: ${error.message.slice(0, 120)}${cause}`;
}

/** 5xx answers (or none) to what buyers load or post besides «Оформить заказ»: the cart, the checkout's message, their orders. */
let otherErrors = 0;

/** A page a buyer loads; "" when it failed (counted). */
async function pageOf(client: ShopClient, path: string): Promise<string> {
  const answer = await client.get(path).catch(() => null);
  if (!answer || answer.status >= 500) {
    otherErrors++;
    return "";
  }
  return answer.text;
}

/** One tab: 3 pieces into the cart (the cart keeps the cap), then «Оформить заказ» as a browser without JavaScript posts it. */
async function tryToBuy(client: ShopClient, page: string, buyer: number): Promise<Outcome> {
  const digits = String(buyer).padStart(7, "0");
  // Each buyer's own contact number: the cap is counted by phone too, so two buyers must not share one.
  const fields = placeFields(page, `launch${buyer}@example.ru`, `+7 (998) ${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`);
  const started = performance.now();
  let dropped = "";
  const placed = await client.postForm("/checkout", fields).catch((error: unknown) => {
    dropped = describeFailure(error);
    return null;
  });
  const ms = performance.now() - started;
  // A connection dropped without an answer: counted with the 5xx, as the buyer got nothing.
  if (!placed) return { placed: false, status: 0, message: "", ms, dropped };
  const location = placed.headers.get("location") ?? "";
  if (placed.status >= 500) return { placed: false, status: placed.status, message: "", ms };
  if (/\/payment\/sandbox\//.test(location)) return { placed: true, status: placed.status, message: "", ms };
  // The other tab's submit of the same page: sent to the order the first one placed.
  if (!location.startsWith("/checkout")) return { placed: false, status: placed.status, message: `to ${location}`, ms };
  const error = textByTestId(await pageOf(client, "/checkout"), "order-error") ?? "";
  return { placed: false, status: placed.status, message: error, ms };
}

/** The pieces of the coin in each of the buyer's orders, read off the order's page («Кол-во»). */
async function piecesOrdered(client: ShopClient): Promise<number[]> {
  const links = new Set((await pageOf(client, "/my/orders")).match(/\/my\/orders\/\d+/g) ?? []);
  return Promise.all(
    [...links].map(async (link) => {
      const rows = selectAll(await pageOf(client, link), "tbody tr").filter((row) => textOf(selectAllIn(row, "td")[0]).includes(coin.name));
      return rows.reduce((sum, row) => sum + Number(/\d+/.exec(textOf(selectAllIn(row, "td")[2]))?.[0] ?? 0), 0);
    }),
  );
}

/** How often a visitor of the coin page asks for its static copy instead (the reference). */
const STATIC_EVERY = 5;

/**
 * Anonymous visitors loading the coin page and the catalogue until `done`; their latencies and 5xx.
 * Every STATIC_EVERY-th time a coin-page visitor asks for the same HTML as a static file (`staticUrl`)
 * instead: the reference (coin page p99 within 2× the static file's) then shares the coin
 * page's moments, clients and work of reading the answer, and differs only by who serves it.
 */
async function visitors(baseUrl: string, staticUrl: string, done: () => boolean) {
  const latencies: number[] = [];
  const staticLatencies: number[] = [];
  let errors = 0;
  const dropped: string[] = [];
  await Promise.all(
    Array.from({ length: VISITORS }, async (_, visitor) => {
      const readsCoin = visitor % 2 === 0;
      for (let request = 0; !done() && request < 500; request++) {
        const asStatic = readsCoin && request % STATIC_EVERY === STATIC_EVERY - 1;
        const started = performance.now();
        try {
          const answer = await fetch(asStatic ? staticUrl : `${baseUrl}${readsCoin ? coinPage : "/catalog"}`);
          await answer.arrayBuffer();
          if (readsCoin) (asStatic ? staticLatencies : latencies).push(performance.now() - started);
          if (answer.status >= 500) errors++;
        } catch (error) {
          dropped.push(describeFailure(error));
        }
      }
    }),
  );
  const sorted = (values: number[]) => values.sort((a, b) => a - b);
  return { latencies: sorted(latencies), staticLatencies: sorted(staticLatencies), errors, dropped };
}

/** The opening: every buyer's two tabs submit at once; then every buyer tries once more. */
async function opening(buyers: ShopClient[], pages: string[]) {
  const first = await Promise.all(buyers.flatMap((client, buyer) => [tryToBuy(client, pages[buyer]!, buyer), tryToBuy(client, pages[buyer]!, buyer)]));
  const again = await Promise.all(
    buyers.map(async (client, buyer) => {
      const added = await client.postForm("/cart", { intent: "add", productId: String(coin.id), quantity: "1" }).catch(() => null);
      if (!added || added.status >= 500) otherErrors++;
      // A coin sold out by now is refused at the cart, with its message.
      const notice = textByTestId(await pageOf(client, added?.headers.get("location") ?? "/cart"), "flash") ?? "";
      const outcome = await tryToBuy(client, await pageOf(client, "/checkout"), buyer);
      return outcome.message || outcome.placed ? outcome : { ...outcome, message: notice };
    }),
  );
  return { first, again };
}

/** The coin page's HTML for everyone, served as a static file by the shop's static-file code in a process of its own. */
async function coinPageAsStaticFile(baseUrl: string) {
  const answer = await fetch(`${baseUrl}${coinPage}`);
  if (answer.status !== 200 || !answer.headers.get("x-page-cache")) throw new Error(`${coinPage}: HTTP ${answer.status}, not a shared page`);
  const folder = mkdtempSync(path.join(tmpdir(), "coin-shop-launch-"));
  writeStaticPage(folder, "coin.html", Buffer.from(await answer.arrayBuffer()));
  const server = await startStaticServer(folder);
  return {
    url: `${server.url}/coin.html`,
    stop() {
      server.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

export const launch: Bench = {
  name: "launch",
  async run({ baseUrl, smsOutboxFile, databaseUrl }) {
    if (!smsOutboxFile) throw new Error("launch: the bench server has no SMS outbox file");
    otherErrors = 0;
    if (STOCK !== undefined) await setStock(baseUrl, STOCK, databaseUrl);
    const stockBefore = await stockShown(baseUrl);
    // Before the opening, in batches (buyers sign in and fill their carts over the days before; a
    // thousand sign-ins in one second would be shed with 503s, and this is not what is measured).
    const buyers: ShopClient[] = [];
    const pages: string[] = [];
    for (let first = 0; first < BUYERS; first += SET_UP_BATCH) {
      const batch = Array.from({ length: Math.min(SET_UP_BATCH, BUYERS - first) }, (_, offset) => first + offset);
      const ready = await Promise.all(
        batch.map(async (buyer) => {
          const client = await signIn(baseUrl, smsOutboxFile, 50 + buyer);
          // Each buyer: 3 pieces in the cart (kept at the cap), the checkout open in two tabs.
          await client.postForm("/cart", { intent: "add", productId: String(coin.id), quantity: "3" });
          return { client, page: await client.html("/checkout") };
        }),
      );
      for (const { client, page } of ready) {
        buyers.push(client);
        pages.push(page);
      }
    }
    const staticCopy = await coinPageAsStaticFile(baseUrl);
    let finished = false;
    const crowd = visitors(baseUrl, staticCopy.url, () => finished);
    const buying = opening(buyers, pages).finally(() => (finished = true));
    const [{ first, again }, { latencies, staticLatencies, errors, dropped }] = await Promise.all([buying, crowd]).finally(() => staticCopy.stop());
    const staticP99 = percentile(staticLatencies, 99);
    const coinP99 = latencies.length ? percentile(latencies, 99) : NaN;
    const outcomes = [...first, ...again];
    const pieces = await Promise.all(buyers.map(piecesOrdered));
    const orders = pieces.map((ofBuyer) => ofBuyer.length);
    const stockAfter = await stockShown(baseUrl);
    const sold = pieces.flat().reduce((sum, count) => sum + count, 0);
    // A buyer is answered with an order, or with a refusal in words at the cart or the checkout.
    const unanswered = buyers.filter(
      (_, buyer) => orders[buyer] === 0 && ![first[2 * buyer]!, first[2 * buyer + 1]!, again[buyer]!].some((outcome) => outcome.message !== ""),
    ).length;
    const refusals = new Set(outcomes.map((outcome) => outcome.message.replace(/\d+/g, "N")).filter((message) => message && !message.startsWith("to ")));
    const orderTimes = outcomes.map((outcome) => outcome.ms).sort((a, b) => a - b);
    const note = `${BUYERS} buyers × 2 tabs + a second try, ${VISITORS} visitors; stock ${stockBefore} → ${stockAfter}`;
    return [
      { page: "launch", metric: "pieces oversold", value: Math.max(0, sold - stockBefore), unit: "count", budget: { max: 0 }, note },
      {
        page: "launch",
        metric: "buyers over the cap",
        value: pieces.filter((ofBuyer) => ofBuyer.reduce((sum, count) => sum + count, 0) > CAP).length,
        unit: "count",
        budget: { max: 0 },
      },
      {
        page: "launch",
        metric: "5xx",
        value: outcomes.filter((outcome) => outcome.status >= 500).length + errors + otherErrors,
        unit: "count",
        budget: { max: 0 },
        note: `checkout ${outcomes.filter((outcome) => outcome.status >= 500).length}, visitors ${errors}, cart and pages read after ${otherErrors}`,
      },
      {
        page: "launch",
        metric: "connections dropped without an answer",
        value: outcomes.filter((outcome) => outcome.status === 0).length + dropped.length,
        unit: "count",
        budget: { max: 0 },
        note: tally([
          ...outcomes.flatMap((outcome) => (outcome.dropped ? [`checkout: ${outcome.dropped}`] : [])),
          ...dropped.map((reason) => `visitor: ${reason}`),
        ]).slice(0, 400),
      },
      {
        page: "launch",
        metric: "buyers without an answer",
        value: unanswered,
        unit: "count",
        budget: { max: 0 },
        note: [...refusals].join(" | ").slice(0, 300),
      },
      { page: "launch", metric: "stock shown after = before − sold", value: stockBefore - sold - stockAfter, unit: "count", budget: { max: 0, min: 0 } },
      { page: "POST /checkout (launch)", metric: "latency p99", value: percentile(orderTimes, 99), unit: "ms" },
      { page: `GET ${coinPage} (launch)`, metric: "latency p99", value: coinP99, unit: "ms" },
      { page: "GET the coin page's HTML as a static file (reference, by the same visitors)", metric: "latency p99", value: staticP99, unit: "ms" },
      { page: "launch", metric: "coin page p99 / static p99", value: Math.round((coinP99 / staticP99) * 10) / 10, unit: "count", budget: { max: 2 } },
    ] satisfies Measurement[];
  },
};
