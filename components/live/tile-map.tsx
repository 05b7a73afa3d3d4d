"use client";

import "leaflet/dist/leaflet.css";
import type { CircleMarker, Map as LeafletMap } from "leaflet";
import { useEffect, useRef } from "react";
import type { Point } from "@/lib/stores/geo";

// The real map of the shopper's live page (issue 17), only when MAP_TILE_URL is set: Leaflet with the operator's
// tiles, the store, the door and the rider as drawn circles (no marker images to host), the rider moved on every
// position event. Loaded on demand (components/live/live-order.tsx), so no page pays for Leaflet otherwise.

export type TileMapProps = {
  tileUrl: string;
  attribution: string | null;
  store: Point & { name: string };
  destination: Point;
  rider: Point | null;
};

const at = (p: Point): [number, number] => [p.lat, p.lng];

export default function TileMap({ tileUrl, attribution, store, destination, rider }: TileMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<LeafletMap | null>(null);
  const riderDot = useRef<CircleMarker | null>(null);
  const riderAt = useRef(rider);
  useEffect(() => {
    riderAt.current = rider;
  });
  // primitives, so a re-render of the page with equal points keeps the map as it is
  const { lat: storeLat, lng: storeLng, name: storeName } = store;
  const { lat: doorLat, lng: doorLng } = destination;

  useEffect(() => {
    const storeAt: [number, number] = [storeLat, storeLng];
    const doorAt: [number, number] = [doorLat, doorLng];
    let cancelled = false;
    void import("leaflet").then((L) => {
      if (cancelled || !box.current || map.current) return;
      const m = L.map(box.current, { zoomControl: false, attributionControl: !!attribution });
      L.tileLayer(tileUrl, { maxZoom: 19, ...(attribution ? { attribution } : {}) }).addTo(m);
      L.polyline([storeAt, doorAt], { color: "#16a34a", weight: 4, dashArray: "6 8" }).addTo(m);
      L.circleMarker(storeAt, { radius: 8, color: "#111827", fillOpacity: 1 }).bindTooltip(storeName).addTo(m);
      L.circleMarker(doorAt, { radius: 8, color: "#15803d", fillOpacity: 1 }).bindTooltip("You").addTo(m);
      m.fitBounds(L.latLngBounds([storeAt, doorAt]), { padding: [24, 24] });
      riderDot.current = L.circleMarker(riderAt.current ? at(riderAt.current) : storeAt, {
        radius: 10,
        color: "#16a34a",
        fillColor: "#ffffff",
        fillOpacity: 1,
        weight: 3,
      });
      if (riderAt.current) riderDot.current.addTo(m);
      map.current = m;
    });
    return () => {
      cancelled = true;
      map.current?.remove();
      map.current = null;
    };
  }, [tileUrl, attribution, storeLat, storeLng, storeName, doorLat, doorLng]);

  useEffect(() => {
    const m = map.current;
    const dot = riderDot.current;
    if (!m || !dot || !rider) return;
    dot.setLatLng(at(rider));
    if (!m.hasLayer(dot)) dot.addTo(m);
  }, [rider]);

  return (
    <div
      ref={box}
      role="region"
      aria-label="Map of your delivery"
      className="h-56 w-full overflow-hidden rounded-2xl border border-line"
      data-testid="tile-map"
    />
  );
}
