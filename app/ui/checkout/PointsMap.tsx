import { useEffect, useRef, useState } from "react";
import type { PickupPoint } from "#app/modules/delivery/provider.ts";
import { escapeMarkup } from "#app/modules/shared/escape-markup.ts";
import { loadYandexMaps } from "#app/ui/maps/load-yandex-maps.ts";
import * as css from "./checkout.css.ts";

/**
 * The pickup points on a Yandex map (JS API 2.1, clustered: a big city has hundreds).
 * Loaded only with JavaScript and a maps key; clicking a point ticks its radio button in
 * the list below, which stays the real control (the page is complete without the map).
 */
export default function PointsMap({ apiKey, points, selected }: { apiKey: string; points: PickupPoint[]; selected: string | null }) {
  const box = useRef<HTMLElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!box.current || points.length === 0) return;
    let map: { destroy(): void } | undefined;
    let cancelled = false;
    const first = points.find((point) => point.code === selected) ?? points[0]!;
    loadYandexMaps(apiKey)
      .then((ymaps) => {
        if (cancelled || !box.current) return;
        const created = new ymaps.Map(box.current, {
          center: [first.coords.latitude, first.coords.longitude],
          zoom: 11,
          controls: ["zoomControl", "geolocationControl"],
        });
        created.behaviors.disable("scrollZoom");
        const clusterer = new ymaps.Clusterer({ preset: "islands#invertedDarkOrangeClusterIcons", groupByCoordinates: false });
        clusterer.add(
          points.map((point) => {
            const placemark = new ymaps.Placemark(
              [point.coords.latitude, point.coords.longitude],
              // The balloon is HTML and the texts come from the delivery provider: escaped.
              { hintContent: point.address, balloonContent: [point.name, point.address, point.workTime].map(escapeMarkup).join("<br>") },
              { preset: point.code === selected ? "islands#redDotIcon" : "islands#darkOrangeDotIcon" },
            );
            placemark.events.add("click", () => {
              const radio = document.querySelector<HTMLInputElement>(`input[name="pointCode"][value="${CSS.escape(point.code)}"]`);
              if (radio) {
                radio.checked = true;
                radio.scrollIntoView({ block: "nearest" });
              }
            });
            return placemark;
          }),
        );
        created.geoObjects.add(clusterer);
        const bounds = clusterer.getBounds();
        if (bounds && points.length > 1) created.setBounds(bounds, { checkZoomRange: true, zoomMargin: 24 });
        map = created;
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      map?.destroy();
    };
  }, [apiKey, points, selected]);
  if (failed) return null;
  return <section ref={box} className={css.map} aria-label="Пункты выдачи на карте" data-testid="points-map" />;
}
