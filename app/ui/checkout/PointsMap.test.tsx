import { cleanup, render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PickupPoint } from "#app/modules/delivery/provider.ts";
import type { YandexMaps } from "#app/ui/maps/load-yandex-maps.ts";
import PointsMap from "./PointsMap.tsx";

/** What the page hands to Yandex: the placemarks' properties, as the map would render them. */
const placemarks: Array<Record<string, string>> = [];

const fakeMaps = {
  ready: (callback: () => void) => callback(),
  Map: class {
    geoObjects = { add: () => undefined };
    behaviors = { disable: () => undefined };
    setBounds() {}
    destroy() {}
  },
  Placemark: class {
    events = { add: () => undefined };
    constructor(_coords: [number, number], properties: Record<string, string>) {
      placemarks.push(properties);
    }
  },
  Clusterer: class {
    add() {}
    getBounds() {
      return null;
    }
  },
} as unknown as YandexMaps;

vi.mock("#app/ui/maps/load-yandex-maps.ts", () => ({ loadYandexMaps: () => Promise.resolve(fakeMaps) }));

afterEach(() => {
  cleanup();
  placemarks.length = 0;
});

const point = (overrides: Partial<PickupPoint>): PickupPoint => ({
  code: "MSK1",
  name: "Пункт на Тверской",
  address: "Москва, Тверская ул., 1",
  workTime: "Пн-Вс 10:00-21:00",
  coords: { latitude: 55.75, longitude: 37.61 },
  dlvId: 79,
  type: "",
  ...overrides,
});

describe("PointsMap", () => {
  it("puts each point's name, address and hours in its balloon, one per line", async () => {
    render(<PointsMap apiKey="key" points={[point({})]} selected={null} />);
    await waitFor(() => expect(placemarks).toHaveLength(1));
    expect(placemarks[0]!.balloonContent).toBe("Пункт на Тверской<br>Москва, Тверская ул., 1<br>Пн-Вс 10:00-21:00");
  });

  it("escapes the provider's texts: the balloon is HTML, a point's name must not become markup", async () => {
    render(<PointsMap apiKey="key" points={[point({ name: `<img src=x onerror="alert(1)">`, workTime: "Пн & Вт" })]} selected={null} />);
    await waitFor(() => expect(placemarks).toHaveLength(1));
    const balloon = placemarks[0]!.balloonContent!;
    expect(balloon).not.toContain("<img");
    expect(balloon).toBe("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;<br>Москва, Тверская ул., 1<br>Пн &amp; Вт");
  });
});
