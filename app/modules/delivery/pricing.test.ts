import { describe, expect, it } from "vitest";
import { distanceKm, estimateCarrierQuote, quoteDelivery, shippingWeightGrams } from "./pricing.ts";
import { deliveryGroupsFor, MOSCOW_CODE, SAINT_PETERSBURG_CODE } from "./provider.ts";

const KAZAN = "9000000005";
const everywhere = (cityCode: string) => deliveryGroupsFor({ cityCode, hasPoints: true, hasLockers: true });

/** A carrier that prices each paid id differently, and records what it was asked. */
function carrier() {
  const asked: number[] = [];
  const prices: Record<number, number> = { 79: 310, 80: 290, 45: 520 };
  return {
    asked,
    quote: async (id: 79 | 80 | 45) => {
      asked.push(id);
      return { price: prices[id]!, minDays: 2, maxDays: id === 45 ? 4 : 3 };
    },
  };
}

describe("quoteDelivery", () => {
  it("prices paid point, locker and courier by the carrier", async () => {
    const { quote, asked } = carrier();
    expect(await quoteDelivery(everywhere(KAZAN), KAZAN, 79, quote)).toEqual({ price: 310, minDays: 2, maxDays: 3 });
    expect(await quoteDelivery(everywhere(KAZAN), KAZAN, 80, quote)).toEqual({ price: 290, minDays: 2, maxDays: 3 });
    expect(await quoteDelivery(everywhere(KAZAN), KAZAN, 45, quote)).toEqual({ price: 520, minDays: 2, maxDays: 4 });
    expect(asked).toEqual([79, 80, 45]);
  });

  it("makes free point and locker delivery cost 0 with the days of their paid twins", async () => {
    const { quote, asked } = carrier();
    expect(await quoteDelivery(everywhere(KAZAN), KAZAN, 76, quote)).toEqual({ price: 0, minDays: 2, maxDays: 3 });
    expect(await quoteDelivery(everywhere(KAZAN), KAZAN, 77, quote)).toEqual({ price: 0, minDays: 2, maxDays: 3 });
    expect(asked).toEqual([79, 80]);
  });

  it("offers no free delivery where the carrier has no quote for its paid twin", async () => {
    expect(await quoteDelivery(everywhere(KAZAN), KAZAN, 76, async () => undefined)).toBeUndefined();
  });

  it("prices the free courier at 0 when a city is offered it, with the courier's days", async () => {
    const groups = [{ name: "Бесплатная доставка СДЭК", type: "sdek" as const, items: [{ id: 75, pvz: false }] }];
    expect(await quoteDelivery(groups, KAZAN, 75, carrier().quote)).toEqual({ price: 0, minDays: 2, maxDays: 4 });
  });

  it("gives office pickup in Moscow for free, ready the next day, without asking the carrier", async () => {
    const { quote, asked } = carrier();
    expect(await quoteDelivery(everywhere(MOSCOW_CODE), MOSCOW_CODE, 35, quote)).toEqual({ price: 0, minDays: 1, maxDays: 1 });
    expect(asked).toEqual([]);
  });

  it("prices special contact at 0 in Moscow and 1500 ₽ in Saint Petersburg", async () => {
    expect((await quoteDelivery(everywhere(MOSCOW_CODE), MOSCOW_CODE, 43, carrier().quote))?.price).toBe(0);
    expect(await quoteDelivery(everywhere(SAINT_PETERSBURG_CODE), SAINT_PETERSBURG_CODE, 43, carrier().quote)).toEqual({
      price: 1500,
      minDays: 2,
      maxDays: 3,
    });
  });

  it("quotes nothing for an id the city is not offered", async () => {
    const { quote, asked } = carrier();
    const noLockers = deliveryGroupsFor({ cityCode: KAZAN, hasPoints: true, hasLockers: false });
    for (const id of [80, 77, 35, 43, 75, 99]) expect(await quoteDelivery(noLockers, KAZAN, id, quote), String(id)).toBeUndefined();
    expect(await quoteDelivery([], KAZAN, 79, quote)).toBeUndefined();
    expect(asked).toEqual([]);
  });
});

describe("the parcel", () => {
  it("weighs the goods rounded up plus 200 g of packaging, and refuses a bad weight", () => {
    expect(shippingWeightGrams({ weightGrams: 0, goodsTotal: 0 })).toBe(200);
    expect(shippingWeightGrams({ weightGrams: 31.1, goodsTotal: 250_000 })).toBe(232);
    expect(() => shippingWeightGrams({ weightGrams: -1, goodsTotal: 0 })).toThrow(RangeError);
    expect(() => shippingWeightGrams({ weightGrams: Number.NaN, goodsTotal: 0 })).toThrow(RangeError);
  });
});

describe("the embedded carrier estimate", () => {
  const moscow = { latitude: 55.7558, longitude: 37.6173 };

  it("measures great-circle distances", () => {
    expect(distanceKm(moscow, moscow)).toBe(0);
    expect(distanceKm(moscow, { latitude: 59.9386, longitude: 30.3141 })).toBeCloseTo(635, -1);
    expect(distanceKm(moscow, { latitude: 43.1155, longitude: 131.8855 })).toBeCloseTo(6420, -2);
  });

  it("costs more and takes longer the farther the city", () => {
    const near = estimateCarrierQuote(79, 0, 250);
    const far = estimateCarrierQuote(79, 6420, 250);
    expect(near).toEqual({ price: 220, minDays: 1, maxDays: 2 });
    expect(far.price).toBeGreaterThan(near.price + 400);
    expect(far.minDays).toBeGreaterThanOrEqual(6);
    expect(far.maxDays).toBe(far.minDays + 2);
  });

  it("charges the courier most and the locker least, more for each half-kilo past the first", () => {
    const [locker, point, courier] = ([80, 79, 45] as const).map((id) => estimateCarrierQuote(id, 635, 300).price);
    expect(locker).toBeLessThan(point!);
    expect(point).toBeLessThan(courier!);
    expect(estimateCarrierQuote(79, 635, 500).price).toBe(point);
    expect(estimateCarrierQuote(79, 635, 1200).price).toBeGreaterThan(point! + 2 * 35);
    for (const quote of [locker, point, courier]) expect(quote! % 10).toBe(0);
  });
});
