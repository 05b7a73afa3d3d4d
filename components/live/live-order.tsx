"use client";

import { useRouter } from "next/navigation";
import { lazy, Suspense, useRef, useState } from "react";
import type { Point } from "@/lib/stores/geo";
import { RouteSketch } from "./route-sketch";
import { LiveBadge } from "./live-badge";
import { useLiveEvents } from "./use-live-events";

// Leaflet and its stylesheet load only when the operator set MAP_TILE_URL and a rider is on the way.
const TileMap = lazy(() => import("./tile-map"));

const KINDS = ["status", "partner", "help", "position"] as const;

/**
 * The shopper's order page, live (issue 17): a status or partner event re-renders the server-rendered page in place
 * (router.refresh: timeline, partner, ETA, door code come from the server, never from the event), a rider position
 * moves the rider on the route sketch (and on the tile map when MAP_TILE_URL is set). Shown while the order is on its way; a finished order needs no stream.
 */
export function LiveOrder({
  orderNumber,
  lastEventId,
  store,
  destination,
  rider: initialRider,
  showRoute,
  tiles = null,
}: {
  orderNumber: string;
  lastEventId: string;
  store: (Point & { name: string }) | null;
  destination: Point | null;
  rider: Point | null;
  /** the rider is on the way (out for delivery) */
  showRoute: boolean;
  /** MAP_TILE_URL and its credit: a real map above the sketch; null, the schematic alone */
  tiles?: { url: string; attribution: string | null } | null;
}) {
  const router = useRouter();
  const [rider, setRider] = useState(initialRider);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const state = useLiveEvents(
    `/api/order/events?orderId=${encodeURIComponent(orderNumber)}&lastEventId=${lastEventId}`,
    KINDS,
    (kind, data) => {
      if (kind === "position") {
        const p = data as Partial<Point> | null;
        if (p && typeof p.lat === "number" && typeof p.lng === "number") setRider({ lat: p.lat, lng: p.lng });
        return;
      }
      // a burst of events (placed → packed in one go) re-renders once
      if (pending.current) return;
      pending.current = setTimeout(() => {
        pending.current = null;
        router.refresh();
      }, 150);
    },
  );
  return (
    <section aria-label="Live tracking" className="flex flex-col gap-2 print:hidden" data-testid="live-order">
      <LiveBadge state={state} />
      {showRoute && store && destination && tiles && (
        <Suspense fallback={<div className="h-56 w-full rounded-2xl bg-canvas" />}>
          <TileMap
            tileUrl={tiles.url}
            attribution={tiles.attribution}
            store={store}
            destination={destination}
            rider={rider}
          />
        </Suspense>
      )}
      {showRoute && store && destination && (
        <RouteSketch store={store} destination={destination} rider={rider} />
      )}
    </section>
  );
}
