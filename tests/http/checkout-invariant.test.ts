// The invariant: for random carts, cities, deliveries and payments, the order placed
// from /checkout is exactly what the page showed right before 'Оформить заказ' (goods, delivery
// and total). Plain form posts, as a browser without JavaScript. The cases come from a seeded
// PRNG: a failure names its seed; CHECKOUT_INVARIANT_SEED=<seed> replays it.
import { beforeAll, describe, expect, it } from "vitest";
import demoCatalog from "#app/modules/catalog/demo-catalog.json" with { type: "json" };
import { mulberry32 } from "#app/modules/shared/seeded-random.ts";
import type { Buyer } from "#tests/support/buyer.ts";
import { attribute, findByTestId, radioValues, tags, textByTestId } from "#tests/support/html.ts";
import { pageForm } from "#tests/support/page-form.ts";
import { runningShop } from "#tests/support/shop-fixture.ts";

/** A company's details as a buyer paying by invoice types them (ИНН and КПП with their check digits). */
const invoiceBuyer = {
  asCompany: "1",
  companyInn: "7707083893",
  companyKpp: "773601001",
  companyName: "ПАО «Проверка витрины»",
  companyAddress: "117312, г. Москва, ул. Вавилова, д. 19",
  companyContact: "Петров Пётр",
};

const CASES = 14;
const seed = Number(process.env.CHECKOUT_INVARIANT_SEED ?? Math.floor(Math.random() * 2 ** 31));
const KAZAN = "9000000005";

// Many unpaid orders per buyer: the cases are orders, not a test of that limit.
const shop = runningShop({ env: { MAX_UNPAID_ORDERS_PER_BUYER: "100" } });
const buyers: Buyer[] = [];

beforeAll(async () => {
  for (let n = 0; n < 2; n++) buyers.push(await shop.buyer());
});

/** Coins with plenty in stock and a price that follows the quotes or is fixed, as the catalogue has them. */
const coins = demoCatalog.map((coin, index) => ({ id: index + 1, stock: coin.stock })).filter((coin) => coin.stock >= 20);
const rubles = (text: string | undefined) => (text === "Бесплатно" ? 0 : Number((text ?? "").replace(/\D/g, "")));
const totalsOf = (html: string, ids: { goods: string; delivery: string; total: string }) => ({
  goods: rubles(textByTestId(html, ids.goods)),
  delivery: rubles(textByTestId(html, ids.delivery)),
  total: rubles(textByTestId(html, ids.total)),
});

describe(`what the checkout page shows is what is ordered (seed ${seed})`, () => {
  it(`holds for ${CASES} random orders`, { timeout: 240_000 }, async () => {
    const random = mulberry32(seed);
    const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
    const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;

    for (let n = 0; n < CASES; n++) {
      const buyer = buyers[n % buyers.length]!;
      const { client } = buyer;
      const story: string[] = [];
      const where = () => `seed ${seed}, case ${n}: ${story.join(" → ")}`;

      // A cart of 1–4 coins.
      const chosen = new Set<number>();
      while (chosen.size < int(1, 4)) chosen.add(pick(coins).id);
      for (const id of chosen) {
        const quantity = int(1, 3);
        story.push(`${quantity}×#${id}`);
        expect((await client.postForm("/cart", { intent: "add", productId: String(id), quantity: String(quantity) })).status, where()).toBe(303);
      }
      let page = await client.html("/checkout");
      const submit = (changes: Record<string, string>, intent: string) => client.postForm("/checkout", { ...pageForm(page, "/checkout"), ...changes, intent });

      if (random() < 0.3) {
        story.push("Казань");
        await submit({ chooseCity: KAZAN }, "save");
        page = await client.html("/checkout");
      }
      const delivery = pick(radioValues(page, "deliveryId"));
      story.push(`delivery ${delivery}`);
      await submit({ deliveryId: delivery }, "save");
      page = await client.html("/checkout");
      if (random() < 0.3) {
        const [id] = chosen;
        const quantity = int(1, 4);
        story.push(`recount #${id} to ${quantity}`);
        await submit({ [`qty:${id}`]: String(quantity) }, "save");
        page = await client.html("/checkout");
      }

      // What the buyer does on the page as shown: a point, an address, a payment; then 'Оформить заказ'.
      // An impatient buyer first ticks another delivery or types a quantity and presses at once:
      // the shop must then show the new terms and place nothing, or place what the page showed.
      let impatient = random() < 0.4;
      for (let press = 0; ; press++) {
        expect(press, where()).toBeLessThan(2);
        const changes: Record<string, string> = {};
        const points = radioValues(page, "pointCode");
        if (points.length > 0) changes.pointCode = pick(points);
        // Office pickup is booked for a time: a slot with a free place, as the buyer picks one.
        const slots = tags(page, "option")
          .filter((tag) => /value="\d{4}-\d{2}-\d{2}T\d{2}:\d{2}"/.test(tag) && !/\bdisabled\b/.test(tag))
          .map((tag) => attribute(tag, "value")!);
        if (slots.length > 0) changes.pickupSlot = pick(slots);
        if ("street" in pageForm(page, "/checkout")) Object.assign(changes, { street: "Тверская", house: String(int(1, 99)) });
        changes.paymentId = pick(radioValues(page, "paymentId"));
        // Payment by invoice is a company's: it comes with the company's details.
        if (changes.paymentId === "7") Object.assign(changes, invoiceBuyer);
        if (impatient) {
          const others = radioValues(page, "deliveryId").filter((id) => id !== delivery);
          if (random() < 0.5 && others.length > 0) changes.deliveryId = pick(others);
          else changes[`qty:${[...chosen][0]}`] = String(int(1, 4));
          story.push(`impatient ${JSON.stringify(changes)}`);
        } else story.push(`place ${JSON.stringify(changes)}`);
        const shown = totalsOf(page, { goods: "goods-total", delivery: "delivery-total", total: "order-total" });
        expect(shown.total, where()).toBe(shown.goods + shown.delivery);

        const placed = await submit(changes, "place");
        const location = placed.headers.get("location") ?? "";
        if (location === "/checkout#order-changed" && impatient) {
          impatient = false;
          page = await client.html("/checkout");
          expect(findByTestId(page, "order-changed"), where()).toHaveLength(1);
          continue;
        }
        expect(location, where()).toMatch(/\/payment\/sandbox\/|^\/thanks\?order=\d+$/);
        const orders = await client.html("/my/orders");
        const newest = Math.max(...tags(orders, "a").map((tag) => Number(/^\/my\/orders\/(\d+)$/.exec(attribute(tag, "href") ?? "")?.[1] ?? 0)));
        const order = await client.html(`/my/orders/${newest}`);
        expect(totalsOf(order, { goods: "order-goods-total", delivery: "order-delivery-total", total: "order-total" }), where()).toEqual(shown);
        break;
      }
      expect(findByTestId(await client.html("/checkout"), "checkout-line"), where()).toHaveLength(0);
    }
  });
});
