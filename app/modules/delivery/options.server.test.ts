import { describe, expect, it } from "vitest";
import data from "./demo/embedded-delivery.json" with { type: "json" };
import { createEmbeddedDeliveryProvider } from "./embedded.ts";
import { DELIVERY_LABELS, deliveryLabel } from "./labels.ts";
import { deliveryOptions } from "./options.server.ts";
import { type DeliveryProvider, DeliveryProviderError, MOSCOW_CODE, SAINT_PETERSBURG_CODE } from "./provider.ts";
import { DELIVERY_IDS, deriveCheckoutDelivery } from "./rules.ts";

const embedded = createEmbeddedDeliveryProvider();
const coins = { weightGrams: 15.55, goodsTotal: 95_000 };
const kazan = data.cities.find((city) => city.name === "Казань")!.code;

describe("delivery labels", () => {
  it("names every delivery id of the spec in Russian, and no other id", () => {
    for (const id of Object.values(DELIVERY_IDS)) expect(DELIVERY_LABELS[id]).toMatch(/^[А-ЯЁ]/);
    expect(deliveryLabel(80)).toBe("Постамат СДЭК");
    expect(deliveryLabel(43)).toBe("Специальная доставка (оплата при получении)");
    expect(deliveryLabel(12)).toBeUndefined();
  });
});

describe("deliveryOptions", () => {
  it("gives Moscow's groups in order with a label and a price for every item", async () => {
    const groups = await deliveryOptions(embedded, MOSCOW_CODE, coins);
    expect(groups.map((group) => [group.name, group.items.map((item) => [item.id, item.label, item.quote.price])])).toEqual([
      [
        "Бесплатная доставка СДЭК",
        [
          [76, "Бесплатно до пункта выдачи", 0],
          [77, "Бесплатно до постамата", 0],
        ],
      ],
      // One option per service: the paid point (79, 220 ₽) and locker (80) are not beside their free twins.
      ["СДЭК", [[45, "Курьер СДЭК", 390]]],
      ["Самовывоз из офиса", [[35, "Самовывоз из офиса в Москве", 0]]],
      ["Специальная доставка", [[43, "Специальная доставка (оплата при получении)", 0]]],
    ]);
    expect(groups[1]!.items[0]).toEqual({ id: 45, pvz: false, label: "Курьер СДЭК", quote: { price: 390, minDays: 1, maxDays: 2 } });
    // Still groups for the spec's rules: free delivery on, the free point chosen.
    expect(deriveCheckoutDelivery(groups)).toMatchObject({ freeDelivery: true, deliveryId: 76 });
  });

  it("prices paid delivery farther away higher, special contact in Saint Petersburg at 1500 ₽", async () => {
    const petersburg = await deliveryOptions(embedded, SAINT_PETERSBURG_CODE, coins);
    const price = (groups: typeof petersburg, id: number) => groups.flatMap((group) => group.items).find((item) => item.id === id)?.quote.price;
    expect(price(petersburg, 45)).toBeGreaterThan(390);
    expect(price(petersburg, 76)).toBe(0);
    expect(price(petersburg, 43)).toBe(1500);
    expect(price(petersburg, 35)).toBeUndefined();
    expect((await deliveryOptions(embedded, kazan, coins)).map((group) => group.items.map((item) => item.id))).toEqual([[76, 77], [45]]);
    expect(await deliveryOptions(embedded, "0000000000", coins)).toEqual([]);
  });

  it("leaves out items without a quote, and a group left empty", async () => {
    const noLockerTariff: DeliveryProvider = {
      ...embedded,
      quote: async (city, id, parcel) => (id === 80 || id === 76 || id === 77 ? undefined : embedded.quote(city, id, parcel)),
    };
    const groups = await deliveryOptions(noLockerTariff, kazan, coins);
    expect(groups.map((group) => [group.name, group.items.map((item) => item.id)])).toEqual([["СДЭК", [79, 45]]]);
    expect(deriveCheckoutDelivery(groups)).toMatchObject({ freeDelivery: false, deliveryId: 79 });
  });

  it("shows one option per carrier service: the free variant where it is offered to this cart, else the paid one", async () => {
    // A cart the free courier applies to (a promotion's free 75): the paid courier 45 is not offered beside it.
    const freeCourier: DeliveryProvider = {
      ...embedded,
      deliveryGroups: async (city) =>
        (await embedded.deliveryGroups(city)).map((group, index) => (index === 0 ? { ...group, items: [...group.items, { id: 75, pvz: false }] } : group)),
      quote: async (city, id, parcel) => (id === 75 ? { price: 0, minDays: 1, maxDays: 2 } : embedded.quote(city, id, parcel)),
    };
    const ids = (await deliveryOptions(freeCourier, kazan, coins)).flatMap((group) => group.items.map((item) => item.id));
    expect(ids).toEqual([76, 77, 75]);
    // No free locker for this parcel: the paid locker is the one offered.
    const noFreeLocker: DeliveryProvider = { ...embedded, quote: async (city, id, parcel) => (id === 77 ? undefined : embedded.quote(city, id, parcel)) };
    expect((await deliveryOptions(noFreeLocker, kazan, coins)).map((group) => group.items.map((item) => item.id))).toEqual([[76], [80, 45]]);
  });

  it("passes a provider fault on", async () => {
    const failing: DeliveryProvider = {
      ...embedded,
      quote: async () => {
        throw new DeliveryProviderError("CDEK: /v2/calculator/tarifflist answered HTTP 500", { status: 500 });
      },
    };
    await expect(deliveryOptions(failing, MOSCOW_CODE, coins)).rejects.toBeInstanceOf(DeliveryProviderError);
  });
});
