import { haversineKm, rideMinutes, type Point } from "@/lib/stores/geo";

// The offline map (issue 17): no tiles from the internet, a schematic line from the store to the door with the
// rider placed by how much of the distance is left. Real tiles need MAP_TILE_URL (README).

export type Sketch = { store: Point & { name: string }; destination: Point; rider: Point | null };

/** Straight-line km left for the rider and the minutes to ride them (road factor and speed of lib/stores/geo). */
export function remaining(rider: Point, destination: Point) {
  const km = haversineKm(rider, destination);
  return { km, minutes: Math.max(1, Math.ceil(rideMinutes(km))) };
}

const formatKm = (km: number) =>
  km < 1 ? `${Math.max(50, Math.round((km * 1000) / 50) * 50)} m` : `${km.toFixed(1)} km`;

export function RouteSketch({ store, destination, rider }: Sketch) {
  const total = haversineKm(store, destination);
  const left = rider ? remaining(rider, destination) : null;
  // how far along the line: 0 at the store, 1 at the door
  const along = left && total > 0 ? Math.min(1, Math.max(0, 1 - left.km / total)) : 0;
  const x0 = 24;
  const x1 = 296;
  const riderX = x0 + (x1 - x0) * along;
  const summary = left
    ? `Your rider is ${formatKm(left.km)} away, about ${left.minutes} ${left.minutes === 1 ? "minute" : "minutes"}`
    : `Your order leaves ${store.name}, ${formatKm(total)} from you`;
  return (
    <figure className="rounded-2xl border border-line bg-canvas p-3" data-testid="route-sketch">
      <svg viewBox="0 0 320 72" className="h-20 w-full" role="img" aria-label={summary}>
        <line x1={x0} y1="36" x2={x1} y2="36" strokeWidth="4" strokeDasharray="6 6" className="stroke-line" />
        <line x1={x0} y1="36" x2={riderX} y2="36" strokeWidth="4" className="stroke-brand-600" />
        <circle cx={x0} cy="36" r="9" className="fill-ink" />
        <text x={x0} y="66" textAnchor="start" className="fill-muted text-[10px]">
          {store.name}
        </text>
        <circle cx={x1} cy="36" r="9" className="fill-brand-700" />
        <text x={x1} y="66" textAnchor="end" className="fill-muted text-[10px]">
          You
        </text>
        {rider && (
          <g data-testid="rider-dot" data-along={along.toFixed(2)}>
            <circle cx={riderX} cy="36" r="12" className="fill-white stroke-brand-600" strokeWidth="3" />
            <text x={riderX} y="40" textAnchor="middle" className="text-[11px]">
              🛵
            </text>
          </g>
        )}
      </svg>
      <figcaption className="mt-1 text-sm font-semibold text-ink" data-testid="rider-distance">
        {summary}
      </figcaption>
    </figure>
  );
}
