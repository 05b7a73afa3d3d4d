import "server-only";
import { prisma } from "@/lib/db";
import type { Point } from "@/lib/stores/geo";

// What the shopper's live order page starts from (issue 17, "Live tracking"): the last event it has already seen
// (the stream sends only newer ones), the store the rider leaves from, the door it rides to and the rider's last
// position. The page then follows GET /api/order/events.

export type OrderTracking = {
  /** the newest event id at render ("0": none yet), the stream's starting point */
  lastEventId: string;
  store: (Point & { name: string }) | null;
  /** the delivery point: the address's saved coordinates, else its pincode's centre; null when neither is known */
  destination: Point | null;
  /** the rider's last shared position; null before any */
  rider: (Point & { at: string }) | null;
};

const isPoint = (v: unknown): v is Point =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as Point).lat === "number" &&
  typeof (v as Point).lng === "number";

/** The tracking start of an order (its internal id). */
export async function orderTracking(orderId: string): Promise<OrderTracking> {
  const order = await prisma.order.findUniqueOrThrow({
    where: { id: orderId },
    select: {
      addressSnapshot: true,
      store: { select: { name: true, lat: true, lng: true } },
      events: { orderBy: { id: "desc" }, take: 1, select: { id: true } },
    },
  });
  const [position] = await prisma.orderEvent.findMany({
    where: { orderId, kind: "position" },
    orderBy: { id: "desc" },
    take: 1,
    select: { data: true, createdAt: true },
  });
  const snapshot = (order.addressSnapshot ?? {}) as { lat?: unknown; lng?: unknown; pincode?: unknown };
  let destination: Point | null = isPoint(snapshot)
    ? { lat: snapshot.lat as number, lng: snapshot.lng as number }
    : null;
  if (!destination && typeof snapshot.pincode === "string") {
    const pin = await prisma.pincode.findUnique({
      where: { code: snapshot.pincode },
      select: { lat: true, lng: true },
    });
    destination = pin;
  }
  return {
    lastEventId: String(order.events[0]?.id ?? 0),
    store: order.store,
    destination,
    rider:
      position && isPoint(position.data)
        ? { lat: position.data.lat, lng: position.data.lng, at: position.createdAt.toISOString() }
        : null,
  };
}
