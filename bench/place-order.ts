// Placing an order: ten signed-in buyers submit /checkout at the same moment,
// round after round, each with a coin in the cart and a pickup point chosen, as a browser
// without JavaScript posts the form, and pay it in the sandbox. Only the order's POST is timed: the transaction that
// locks the products, prices them from the quotes, writes the order, reduces the stock and
// empties the cart, plus the delivery quote and the start of the sandbox payment.
import { performance } from "node:perf_hooks";
import demoCatalog from "#app/modules/catalog/demo-catalog.json" with { type: "json" };
import { DEMO_LAUNCHED_SKU } from "#app/modules/seed/coin-launches.server.ts";
import { inputValue, radioValues, textByTestId } from "#tests/support/html.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import { waitForSmsCode } from "#tests/support/sms-outbox.ts";
import { placeOrderBudgets } from "./budgets.ts";
import { type Bench, type Measurement, percentile, tally } from "./types.ts";

const BUYERS = 10;
const ROUNDS = Number(process.env.BENCH_PLACE_ORDER_ROUNDS ?? 6);

/** A buyer signed in through the SMS code (read from the file outbox), as a client with its cookies. */
export async function signIn(baseUrl: string, outbox: string, index: number): Promise<ShopClient> {
  const client = new ShopClient(baseUrl);
  await client.get("/");
  // One number per buyer index (up to 10 million): the benches of a run share one server, each with its own indexes.
  const phone = `+7999${String(index).padStart(7, "0")}`;
  const headers = { "Content-Type": "application/json", Origin: baseUrl };
  const sent = await client.request("POST", "/api/auth/get-code", JSON.stringify({ phone }), { headers });
  if (sent.status !== 200) throw new Error(`get-code for buyer ${index}: ${sent.status} ${sent.text}`);
  const code = await waitForSmsCode(outbox, phone);
  const checked = await client.request("POST", "/api/auth/check-code", JSON.stringify({ phone, code }), { headers });
  if (checked.status !== 200) throw new Error(`check-code for buyer ${index}: ${checked.status} ${checked.text}`);
  return client;
}

/**
 * 115-FZ: an order paid online of 100 000 ₽ or more (IDENTIFICATION_THRESHOLD_RUB's default)
 * asks for the buyer's passport data first (/checkout/identification), a step of its own.
 */
const IDENTIFICATION_THRESHOLD_RUB = 100_000;

/**
 * The coins an order of one can be placed with straight away: in stock, priced so that a buyer's
 * orders of all the rounds stay under the identification threshold (a buyer's orders of one day
 * count as one operation; the prices follow the quotes, so they are read off the catalogue),
 * largest stock first, so the rounds spread over them and none runs out.
 */
async function coinsToOrder(baseUrl: string): Promise<{ id: number; stock: number }[]> {
  const prices = new Map<number, number>();
  for (let page = 1; page <= 10; page++) {
    // The catalogue's pages are /catalog/page/N; the one past the last is a 404 without cards.
    const html = await (await fetch(`${baseUrl}/catalog${page > 1 ? `/page/${page}` : ""}`)).text();
    const cards = html.split('data-testid="product-card"').slice(1);
    if (cards.length === 0) break;
    for (const card of cards) {
      // A coin not on sale (coming, pre-order only) shows its card without «В корзину».
      if (!card.includes("В корзину")) continue;
      const id = Number(/data-product-id="(\d+)"/.exec(card)?.[1]);
      const price = Number(/data-testid="price">([\d\s\u00a0]+)/.exec(card)?.[1]?.replace(/\D/g, "") || NaN);
      if (id && price) prices.set(id, price);
    }
  }
  const coins = demoCatalog
    .map((coin, index) => ({ id: index + 1, sku: coin.sku, stock: coin.stock }))
    // The launched coin is the launch bench's, and a buyer may have only 2 of it.
    .filter((coin) => coin.stock > 0 && coin.sku !== DEMO_LAUNCHED_SKU && (prices.get(coin.id) ?? Infinity) * ROUNDS < IDENTIFICATION_THRESHOLD_RUB)
    .sort((a, b) => b.stock - a.stock);
  if (coins.length < BUYERS) throw new Error(`place order: only ${coins.length} coins in stock under ${IDENTIFICATION_THRESHOLD_RUB / ROUNDS} ₽`);
  return coins;
}

/**
 * Which coin each order of the run takes, round by round: the coins in turn, each no more times
 * than its stock (an order of a coin sold out by the rounds before would measure a refusal).
 */
function coinOfEachOrder(coins: { id: number; stock: number }[]): number[] {
  const left = coins.map((coin) => coin.stock);
  const chosen: number[] = [];
  for (let turn = 0; chosen.length < BUYERS * ROUNDS; turn++) {
    if (left.every((stock) => stock === 0)) throw new Error(`place order: ${BUYERS * ROUNDS} orders need more pieces than the coins have`);
    const index = turn % coins.length;
    if (left[index] === 0) continue;
    left[index]!--;
    chosen.push(coins[index]!.id);
  }
  return chosen;
}

/** The /checkout form's fields for an order to the first free pickup point, paid online, as a browser without JavaScript posts them. */
export function placeFields(page: string, email: string, phone: string): Record<string, string> {
  return {
    token: inputValue(page, "token") ?? "",
    shown: inputValue(page, "shown") ?? "",
    lastName: "Покупатель",
    name: "Иван", // letters only, as in a passport (checkout validation)
    email,
    phone,
    deliveryId: "76",
    pointCode: radioValues(page, "pointCode")[0] ?? "",
    intent: "place",
  };
}

/** `failure`: what the shop answered instead of the payment page, when it did. */
async function placeOne(client: ShopClient, productId: number, buyer: number): Promise<{ ms: number; ok: boolean; failure?: string }> {
  const added = await client.postForm("/cart", { intent: "add", productId: String(productId) });
  if (added.status !== 303) return { ms: 0, ok: false, failure: `POST /cart ${added.status}` };
  const page = await client.html("/checkout");
  const fields = placeFields(page, `bench${buyer}@example.ru`, "+7 (999) 000-00-00");
  const started = performance.now();
  const placed = await client.postForm("/checkout", fields);
  const ms = performance.now() - started;
  const payment = placed.headers.get("location") ?? "";
  const ok = placed.status === 303 && /\/payment\/sandbox\//.test(payment);
  if (!ok) {
    const page = placed.status === 303 && payment.startsWith("/checkout") ? await client.html("/checkout") : "";
    const said = ["order-error", "order-changed", "quantity-error", "flash"].map((id) => textByTestId(page, id)?.slice(0, 100)).find(Boolean) ?? "";
    return { ms, ok, failure: `POST /checkout ${placed.status} ${payment} ${said}`.trim() };
  }
  // The buyer pays, as a buyer does before the next order: the shop holds at most two unpaid
  // orders a buyer (the rest of the stock stays on sale). Not timed.
  const paid = await client.postForm(new URL(payment, client.baseUrl).pathname, { intent: "pay" });
  if (paid.status !== 303) return { ms, ok: false, failure: `payment ${paid.status}` };
  return { ms, ok };
}

export const placeOrder: Bench = {
  name: "place order",
  async run({ baseUrl, smsOutboxFile }) {
    if (!smsOutboxFile) throw new Error("place order: the bench server has no SMS outbox file");
    const buyers = await Promise.all(Array.from({ length: BUYERS }, (_, index) => signIn(baseUrl, smsOutboxFile, index)));
    const coins = coinOfEachOrder(await coinsToOrder(baseUrl));
    const samples: number[] = [];
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const results = await Promise.all(buyers.map((client, buyer) => placeOne(client, coins[round * BUYERS + buyer]!, buyer)));
      for (const result of results) {
        if (result.ok) samples.push(result.ms);
        else failures.push(result.failure ?? "");
      }
    }
    samples.sort((a, b) => a - b);
    const note = `${BUYERS} buyers at once × ${ROUNDS} rounds`;
    return [
      {
        page: "POST /checkout (place order)",
        metric: "latency p50",
        value: samples.length ? percentile(samples, 50) : NaN,
        unit: "ms",
        budget: placeOrderBudgets.latencyP50,
        note,
      },
      {
        page: "POST /checkout (place order)",
        metric: "latency p95",
        value: samples.length ? percentile(samples, 95) : NaN,
        unit: "ms",
        budget: placeOrderBudgets.latencyP95,
      },
      {
        page: "POST /checkout (place order)",
        metric: "failed orders",
        value: failures.length,
        unit: "count",
        budget: { max: 0 },
        note: tally(failures.map((failure) => failure.replace(/\d{2,}/g, "N"))).slice(0, 400),
      },
    ] satisfies Measurement[];
  },
};
