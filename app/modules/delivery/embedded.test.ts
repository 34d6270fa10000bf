import { describe, expect, it } from "vitest";
import data from "./demo/embedded-delivery.json" with { type: "json" };
import { generate } from "./demo/generate.ts";
import { createEmbeddedDeliveryProvider } from "./embedded.ts";
import { MOSCOW_CODE, SAINT_PETERSBURG_CODE } from "./provider.ts";
import { deriveCheckoutDelivery } from "./rules.ts";

const provider = createEmbeddedDeliveryProvider();
const ids = (groups: { items: { id: number }[] }[]) => groups.map((group) => group.items.map((item) => item.id));

describe("the embedded demo data", () => {
  it("is what the generator writes (committed file up to date)", () => {
    expect(generate()).toEqual(data);
  });

  it("has at least 30 cities with distinct 10-digit codes, Moscow 0000073738 first, and labels itself as demo", () => {
    expect(data.about).toMatch(/^DEMO DATA/);
    expect(data.cities.length).toBeGreaterThanOrEqual(30);
    const codes = data.cities.map((city) => city.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^\d{10}$/);
    expect(data.cities[0]).toMatchObject({ code: "0000073738", name: "Москва" });
  });

  it("places every point and locker within about 7 km of its city centre", () => {
    for (const city of data.cities) {
      expect(city.points.length).toBeGreaterThanOrEqual(3);
      expect(city.lockers.length).toBeGreaterThanOrEqual(2);
      for (const place of [...city.points, ...city.lockers]) {
        const dy = (place.latitude - city.latitude) * 111;
        const dx = (place.longitude - city.longitude) * 111 * Math.cos((city.latitude * Math.PI) / 180);
        expect(Math.hypot(dx, dy)).toBeLessThan(8);
        expect(place.address).not.toBe("");
        expect(place.workTime).not.toBe("");
      }
    }
  });
});

describe("the embedded provider", () => {
  it("finds cities by the start of the name or of a word, ё-insensitive, limited", async () => {
    expect(provider.id).toBe("embedded");
    expect(await provider.searchCities("моск")).toEqual([
      { code: MOSCOW_CODE, name: "Москва", lastName: "Россия", fullName: "Москва, Россия", coords: { latitude: 55.7558, longitude: 37.6173 } },
    ]);
    expect((await provider.searchCities("Новгород")).map((city) => city.name)).toEqual(["Нижний Новгород"]);
    expect((await provider.searchCities("н")).length).toBeGreaterThan(2);
    expect(await provider.searchCities("н", 2)).toHaveLength(2);
    expect(await provider.searchCities("  ")).toEqual([]);
    expect(await provider.searchCities("Лондон")).toEqual([]);
    expect((await provider.searchCities("ТОМСК"))[0]?.fullName).toBe("Томск, Томская область, Россия");
  });

  it("gives a city by code, undefined for an unknown code", async () => {
    expect((await provider.city(SAINT_PETERSBURG_CODE))?.name).toBe("Санкт-Петербург");
    expect(await provider.city("0000000000")).toBeUndefined();
  });

  it("offers free delivery first, СДЭК, office pickup and special contact in Moscow", async () => {
    const groups = await provider.deliveryGroups(MOSCOW_CODE);
    expect(groups.map((group) => [group.name, group.type])).toEqual([
      ["Бесплатная доставка СДЭК", "sdek"],
      ["СДЭК", "sdek"],
      ["Самовывоз из офиса", "pickup"],
      ["Специальная доставка", "specialcontact"],
    ]);
    expect(ids(groups)).toEqual([[76, 77], [79, 80, 45], [35], [43]]);
    expect(groups[3]?.items[0]?.pvz).toBe(false);
    expect(deriveCheckoutDelivery(groups)).toMatchObject({ freeDelivery: true, deliveryId: 76, specialDelivery: false });
  });

  it("offers special contact but no office pickup in Saint Petersburg, neither elsewhere", async () => {
    expect(ids(await provider.deliveryGroups(SAINT_PETERSBURG_CODE))).toEqual([[76, 77], [79, 80, 45], [43]]);
    const kazan = data.cities.find((city) => city.name === "Казань")!;
    expect(ids(await provider.deliveryGroups(kazan.code))).toEqual([
      [76, 77],
      [79, 80, 45],
    ]);
    expect(await provider.deliveryGroups("0000000000")).toEqual([]);
  });

  it("lists points (type empty) for 79 and 76 and lockers (постамат) for 80 and 77, tagged with the id", async () => {
    const moscow = data.cities[0]!;
    const points = await provider.pickupPoints(MOSCOW_CODE, 79);
    expect(points).toHaveLength(moscow.points.length);
    expect(points[0]).toEqual({
      code: moscow.points[0]!.code,
      name: moscow.points[0]!.name,
      address: moscow.points[0]!.address,
      workTime: moscow.points[0]!.workTime,
      coords: { latitude: moscow.points[0]!.latitude, longitude: moscow.points[0]!.longitude },
      dlvId: 79,
      type: "",
    });
    expect((await provider.pickupPoints(MOSCOW_CODE, 76)).every((point) => point.dlvId === 76 && point.type === "")).toBe(true);
    const lockers = await provider.pickupPoints(MOSCOW_CODE, 77);
    expect(lockers).toHaveLength(moscow.lockers.length);
    expect(lockers.every((locker) => locker.dlvId === 77 && locker.type === "постамат")).toBe(true);
    expect((await provider.pickupPoints(MOSCOW_CODE, 80))[0]?.dlvId).toBe(80);
  });

  it("lists nothing for courier, office, special contact or an unknown city", async () => {
    for (const id of [45, 75, 35, 43]) expect(await provider.pickupPoints(MOSCOW_CODE, id)).toEqual([]);
    expect(await provider.pickupPoints("0000000000", 79)).toEqual([]);
  });
});

describe("the embedded provider's prices", () => {
  const coins = { weightGrams: 31.1, goodsTotal: 180_000 };
  const cityNamed = (name: string) => data.cities.find((city) => city.name === name)!.code;

  it("charges for paid delivery by distance from Moscow, and nothing for free delivery", async () => {
    const moscow = await provider.quote(MOSCOW_CODE, 79, coins);
    const petersburg = await provider.quote(SAINT_PETERSBURG_CODE, 79, coins);
    const vladivostok = await provider.quote(cityNamed("Владивосток"), 79, coins);
    expect(moscow).toEqual({ price: 220, minDays: 1, maxDays: 2 });
    expect(petersburg!.price).toBeGreaterThan(moscow!.price);
    expect(vladivostok!.price).toBeGreaterThan(petersburg!.price);
    expect(vladivostok!.maxDays).toBeGreaterThan(petersburg!.maxDays);
    expect(await provider.quote(cityNamed("Владивосток"), 76, coins)).toEqual({ ...vladivostok, price: 0 });
    expect((await provider.quote(cityNamed("Владивосток"), 77, coins))?.price).toBe(0);
  });

  it("charges more for a heavier parcel and for the courier", async () => {
    const kazan = cityNamed("Казань");
    const light = (await provider.quote(kazan, 79, coins))!.price;
    expect((await provider.quote(kazan, 79, { weightGrams: 3000, goodsTotal: 300_000 }))!.price).toBeGreaterThan(light);
    expect((await provider.quote(kazan, 45, coins))!.price).toBeGreaterThan(light);
  });

  it("quotes office pickup and special contact in Moscow, special contact in Saint Petersburg, neither elsewhere", async () => {
    expect(await provider.quote(MOSCOW_CODE, 35, coins)).toEqual({ price: 0, minDays: 1, maxDays: 1 });
    expect((await provider.quote(MOSCOW_CODE, 43, coins))?.price).toBe(0);
    expect((await provider.quote(SAINT_PETERSBURG_CODE, 43, coins))?.price).toBe(1500);
    expect(await provider.quote(SAINT_PETERSBURG_CODE, 35, coins)).toBeUndefined();
    expect(await provider.quote(cityNamed("Казань"), 43, coins)).toBeUndefined();
  });

  it("quotes nothing for the free courier (not offered), an unknown id or an unknown city", async () => {
    expect(await provider.quote(MOSCOW_CODE, 75, coins)).toBeUndefined();
    expect(await provider.quote(MOSCOW_CODE, 12, coins)).toBeUndefined();
    expect(await provider.quote("0000000000", 79, coins)).toBeUndefined();
  });
});
