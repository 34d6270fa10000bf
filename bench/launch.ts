// A launch day, simulated on the demo's launched coin (on sale, at most 2 pieces to one buyer):
// BENCH_LAUNCH_BUYERS signed-in buyers each try to buy 3 pieces from two tabs at the same moment,
// then once more, while anonymous visitors load the coin page and the catalogue. Budgets:
// no piece sold beyond the stock, no buyer over the cap, no 5xx, every buyer answered with an
// order or a clear message. Order and coin-page latencies are written down beside a static file's.
import { performance } from "node:perf_hooks";
import demoCatalog from "#app/modules/catalog/demo-catalog.json" with { type: "json" };
import { DEMO_LAUNCHED_SKU } from "#app/modules/seed/coin-launches.server.ts";
import { textByTestId } from "#tests/support/html.ts";
import type { ShopClient } from "#tests/support/http-client.ts";
import { placeFields, signIn } from "./place-order.ts";
import { type Bench, type Measurement, percentile } from "./types.ts";

const BUYERS = Number(process.env.BENCH_LAUNCH_BUYERS ?? 30);
const VISITORS = Number(process.env.BENCH_LAUNCH_VISITORS ?? 20);
const CAP = 2;
const index = demoCatalog.findIndex((coin) => coin.sku === DEMO_LAUNCHED_SKU);
const coin = { id: index + 1, slug: demoCatalog[index]!.slug };
const coinPage = `/products/${coin.slug}`;

/** What the coin page says is in stock. */
async function stockShown(baseUrl: string): Promise<number> {
  const html = await (await fetch(`${baseUrl}${coinPage}`, { headers: { Cookie: "bench=1" } })).text();
  const match = /В наличии: (\d+) шт\./.exec(html);
  return match ? Number(match[1]) : 0;
}

type Outcome = { placed: boolean; status: number; message: string; ms: number };

/** One tab: 3 pieces into the cart (the cart keeps the cap), then «Оформить заказ» as a browser without JavaScript posts it. */
async function tryToBuy(client: ShopClient, page: string, buyer: number): Promise<Outcome> {
  const fields = placeFields(page, `launch${buyer}@example.ru`, `+7 (999) 1${String(buyer % 100).padStart(2, "0")}-00-00`);
  const started = performance.now();
  const placed = await client.postForm("/checkout", fields);
  const ms = performance.now() - started;
  const location = placed.headers.get("location") ?? "";
  if (placed.status >= 500) return { placed: false, status: placed.status, message: "", ms };
  if (/\/payment\/sandbox\//.test(location)) return { placed: true, status: placed.status, message: "", ms };
  // The other tab's submit of the same page: sent to the order the first one placed.
  if (!location.startsWith("/checkout")) return { placed: false, status: placed.status, message: `to ${location}`, ms };
  const error = textByTestId(await client.html("/checkout"), "order-error") ?? "";
  return { placed: false, status: placed.status, message: error, ms };
}

async function ordersOf(client: ShopClient): Promise<number> {
  return new Set((await client.html("/my/orders")).match(/\/my\/orders\/\d+/g) ?? []).size;
}

/** Anonymous visitors loading the coin page and the catalogue until `done`; their latencies and 5xx. */
async function visitors(baseUrl: string, done: () => boolean) {
  const latencies: number[] = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: VISITORS }, async (_, visitor) => {
      for (let request = 0; !done() && request < 500; request++) {
        const started = performance.now();
        const answer = await fetch(`${baseUrl}${visitor % 2 === 0 ? coinPage : "/catalog"}`);
        await answer.arrayBuffer();
        if (visitor % 2 === 0) latencies.push(performance.now() - started);
        if (answer.status >= 500) errors++;
      }
    }),
  );
  return { latencies: latencies.sort((a, b) => a - b), errors };
}

async function staticLatency(baseUrl: string): Promise<number> {
  const samples: number[] = [];
  for (let request = 0; request < 50; request++) {
    const started = performance.now();
    await (await fetch(`${baseUrl}/logo.svg`)).arrayBuffer();
    samples.push(performance.now() - started);
  }
  return percentile(
    samples.sort((a, b) => a - b),
    99,
  );
}

export const launch: Bench = {
  name: "launch",
  async run({ baseUrl, smsOutboxFile }) {
    if (!smsOutboxFile) throw new Error("launch: the bench server has no SMS outbox file");
    const stockBefore = await stockShown(baseUrl);
    const buyers = await Promise.all(Array.from({ length: BUYERS }, (_, buyer) => signIn(baseUrl, smsOutboxFile, 50 + buyer)));
    // Each buyer: 3 pieces in the cart (kept at the cap), the checkout open in two tabs.
    const pages = await Promise.all(
      buyers.map(async (client) => {
        await client.postForm("/cart", { intent: "add", productId: String(coin.id), quantity: "3" });
        return client.html("/checkout");
      }),
    );
    let finished = false;
    const crowd = visitors(baseUrl, () => finished);
    // The opening: every buyer's two tabs submit at once; then every buyer tries once more.
    const first = await Promise.all(buyers.flatMap((client, buyer) => [tryToBuy(client, pages[buyer]!, buyer), tryToBuy(client, pages[buyer]!, buyer)]));
    const again = await Promise.all(
      buyers.map(async (client, buyer) => {
        const added = await client.postForm("/cart", { intent: "add", productId: String(coin.id), quantity: "1" });
        // A coin sold out by now is refused at the cart, with its message.
        const notice = textByTestId(await client.html(added.headers.get("location") ?? "/cart"), "flash") ?? "";
        const outcome = await tryToBuy(client, await client.html("/checkout"), buyer);
        return outcome.message || outcome.placed ? outcome : { ...outcome, message: notice };
      }),
    );
    finished = true;
    const { latencies, errors } = await crowd;
    const outcomes = [...first, ...again];
    const orders = await Promise.all(buyers.map(ordersOf));
    const stockAfter = await stockShown(baseUrl);
    const sold = orders.reduce((sum, count) => sum + count * CAP, 0);
    // A buyer is answered with an order, or with a refusal in words at the cart or the checkout.
    const unanswered = buyers.filter(
      (_, buyer) => orders[buyer] === 0 && ![first[2 * buyer]!, first[2 * buyer + 1]!, again[buyer]!].some((outcome) => outcome.message !== ""),
    ).length;
    const refusals = new Set(outcomes.map((outcome) => outcome.message.replace(/\d+/g, "N")).filter((message) => message && !message.startsWith("to ")));
    const orderTimes = outcomes.map((outcome) => outcome.ms).sort((a, b) => a - b);
    const note = `${BUYERS} buyers × 2 tabs + a second try, ${VISITORS} visitors; stock ${stockBefore} → ${stockAfter}`;
    return [
      { page: "launch", metric: "pieces oversold", value: Math.max(0, sold - stockBefore), unit: "count", budget: { max: 0 }, note },
      { page: "launch", metric: "buyers over the cap", value: orders.filter((count) => count * CAP > CAP).length, unit: "count", budget: { max: 0 } },
      { page: "launch", metric: "5xx", value: outcomes.filter((outcome) => outcome.status >= 500).length + errors, unit: "count", budget: { max: 0 } },
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
      { page: `GET ${coinPage} (launch)`, metric: "latency p99", value: latencies.length ? percentile(latencies, 99) : NaN, unit: "ms" },
      { page: "GET /logo.svg (static reference)", metric: "latency p99", value: await staticLatency(baseUrl), unit: "ms" },
    ] satisfies Measurement[];
  },
};
