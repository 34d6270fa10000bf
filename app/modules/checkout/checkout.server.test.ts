import { describe, expect, it } from "vitest";
import { createEmbeddedDeliveryProvider } from "../delivery/embedded.ts";
import { type DeliveryProvider, MOSCOW_CODE } from "../delivery/provider.ts";
import { defaultCheckoutDelivery, DELIVERY_IDS } from "../delivery/rules.ts";
import { deliveryLookup, firstVisitDelivery, preselectedPoint } from "./checkout.server.ts";

const coins = { weightGrams: 31.1, goodsTotal: 190_000 };

/** The embedded provider, counting what the shop asks of it (CDEK bills and throttles these calls). */
function countingProvider() {
  const inner = createEmbeddedDeliveryProvider();
  const calls = { groups: 0, quotes: 0, points: 0 };
  const provider: DeliveryProvider = {
    ...inner,
    deliveryGroups: (city) => (calls.groups++, inner.deliveryGroups(city)),
    quote: (city, id, parcel) => (calls.quotes++, inner.quote(city, id, parcel)),
    pickupPoints: (city, id) => (calls.points++, inner.pickupPoints(city, id)),
  };
  return { provider, calls };
}

describe("deliveryLookup", () => {
  it("asks the provider once per city and once per point list within a request", async () => {
    const { provider, calls } = countingProvider();
    const lookup = deliveryLookup(provider, coins);
    const [first, second] = await Promise.all([lookup.offered(MOSCOW_CODE), lookup.offered(MOSCOW_CODE)]);
    expect(second).toBe(first);
    expect(first.groups.length).toBeGreaterThan(0);
    const { groups, quotes } = calls;
    expect(groups).toBe(1);

    const points = await lookup.points(MOSCOW_CODE, DELIVERY_IDS.pickupPoint);
    await lookup.points(MOSCOW_CODE, DELIVERY_IDS.pickupPoint);
    expect(points.length).toBeGreaterThan(0);
    expect(calls).toEqual({ groups, quotes, points: 1 });

    // Another request asks again: nothing is kept between requests here (the provider has its own cache).
    await deliveryLookup(provider, coins).offered(MOSCOW_CODE);
    expect(calls.groups).toBe(2);
  });
});

describe("firstVisitDelivery", () => {
  it("starts from the free delivery the city offers, but keeps a delivery the saved profile chose", async () => {
    const { groups } = await deliveryLookup(createEmbeddedDeliveryProvider(), coins).offered(MOSCOW_CODE);
    expect(firstVisitDelivery(defaultCheckoutDelivery(), groups).deliveryId).toBe(76);
    const chosen = { ...defaultCheckoutDelivery(), deliveryId: 45, courier: true };
    expect(firstVisitDelivery(chosen, groups)).toBe(chosen);
  });
});

describe("preselectedPoint", () => {
  const point = (code: string) => ({
    code,
    name: code,
    address: `ул. ${code}`,
    workTime: "",
    coords: { latitude: 55.75, longitude: 37.61 },
    dlvId: DELIVERY_IDS.pickupPoint,
    type: "" as const,
  });
  const several = [point("MSK1"), point("MSK2"), point("MSK3")];

  it("keeps the point the buyer chose while the list has it", () => {
    expect(preselectedPoint(several, "MSK3", "MSK2")?.code).toBe("MSK3");
  });

  it("starts from the point of the buyer's last order while the list still has it", () => {
    expect(preselectedPoint(several, null, "MSK2")?.code).toBe("MSK2");
    // The chosen point has closed since: the last order's, not nothing.
    expect(preselectedPoint(several, "GONE", "MSK2")?.code).toBe("MSK2");
  });

  it("takes the only point of a list of one; of several with nothing to go by, none", () => {
    expect(preselectedPoint([point("KZN1")], null, null)?.code).toBe("KZN1");
    expect(preselectedPoint([point("KZN1")], null, "MSK2")?.code).toBe("KZN1");
    expect(preselectedPoint(several, null, null)).toBeNull();
    expect(preselectedPoint(several, null, "KZN1")).toBeNull();
    expect(preselectedPoint([], null, "MSK2")).toBeNull();
  });
});
