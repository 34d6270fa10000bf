import { useEffect, useRef, useState } from "react";
import { loadYandexMaps } from "../maps/load-yandex-maps.ts";
import { useHydrated } from "../use-hydrated.ts";
import * as css from "./contacts.css.ts";

/**
 * The office on a Yandex map, drawn only in the browser and only when the shop has a maps
 * key. Server-rendered pages (and pages without JavaScript) have no map box at all: the
 * address and the directions beside it say everything.
 */
export function ContactsMap({ apiKey, coords, caption }: { apiKey: string; coords: [number, number]; caption: string }) {
  const box = useRef<HTMLElement>(null);
  const [failed, setFailed] = useState(false);
  const hydrated = useHydrated();
  const [latitude, longitude] = coords;
  useEffect(() => {
    if (!hydrated || !box.current) return;
    const center: [number, number] = [latitude, longitude];
    let map: { destroy(): void } | undefined;
    let cancelled = false;
    loadYandexMaps(apiKey)
      .then((ymaps) => {
        if (cancelled || !box.current) return;
        const created = new ymaps.Map(box.current, { center, zoom: 16, controls: ["zoomControl", "fullscreenControl"] });
        created.behaviors.disable("scrollZoom");
        created.geoObjects.add(new ymaps.Placemark(center, { hintContent: caption, balloonContent: caption }, { preset: "islands#redDotIcon" }));
        map = created;
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      map?.destroy();
    };
  }, [hydrated, apiKey, latitude, longitude, caption]);
  if (!hydrated || failed) return null;
  return <section ref={box} className={css.map} aria-label={`Карта: ${caption}`} data-testid="contacts-map" />;
}
