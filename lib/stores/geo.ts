// Distances and the ride (issue 16, "The promise"): the straight line from the store to the delivery point
// (haversine on a sphere of 6,371 km) times a road factor of 1.35 (city roads are 30–40 % longer than the straight
// line), ridden at 20 km/h (a city rider's average with stops).

export type Point = { lat: number; lng: number };

export const EARTH_RADIUS_KM = 6371;
export const ROAD_FACTOR = 1.35;
export const RIDER_KMH = 20;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km. */
export function haversineKm(a: Point, b: Point): number {
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Minutes to ride `straightKm` of straight line: × road factor, at the rider's speed. */
export const rideMinutes = (straightKm: number): number => ((straightKm * ROAD_FACTOR) / RIDER_KMH) * 60;

export const isLatitude = (v: number) => Number.isFinite(v) && v >= -90 && v <= 90;
export const isLongitude = (v: number) => Number.isFinite(v) && v >= -180 && v <= 180;
