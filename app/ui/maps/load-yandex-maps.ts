/**
 * Loads the Yandex Maps JavaScript API 2.1 (Russian, latitude-longitude order: spec section 7)
 * once per page, in the browser only. A map is never required: the page shows the address
 * and directions as text, and this promise may simply fail (no network, a blocked script).
 */
export type YandexMaps = {
  ready(callback: () => void): void;
  Map: new (
    element: HTMLElement,
    state: { center: [number, number]; zoom: number; controls?: string[] },
  ) => {
    geoObjects: { add(object: unknown): void };
    behaviors: { disable(name: string): void };
    setBounds(bounds: [[number, number], [number, number]], options?: { checkZoomRange?: boolean; zoomMargin?: number }): void;
    destroy(): void;
  };
  Placemark: new (
    coords: [number, number],
    properties: Record<string, string>,
    options?: Record<string, string>,
  ) => { events: { add(type: string, handler: () => void): void } };
  Clusterer: new (options?: Record<string, string | boolean | number>) => {
    add(objects: unknown[]): void;
    getBounds(): [[number, number], [number, number]] | null;
  };
};

declare global {
  interface Window {
    ymaps?: YandexMaps;
  }
}

let loading: Promise<YandexMaps> | undefined;

export function loadYandexMaps(apiKey: string): Promise<YandexMaps> {
  loading ??= new Promise<YandexMaps>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = `https://api-maps.yandex.ru/2.1/?apikey=${encodeURIComponent(apiKey)}&lang=ru_RU&coordorder=latlong`;
    script.async = true;
    script.addEventListener("load", () => (window.ymaps ? window.ymaps.ready(() => resolve(window.ymaps!)) : reject(new Error("ymaps is missing"))));
    script.addEventListener("error", () => {
      loading = undefined;
      script.remove();
      reject(new Error("Yandex Maps failed to load"));
    });
    document.head.appendChild(script);
  });
  return loading;
}
