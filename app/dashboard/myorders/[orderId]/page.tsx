import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { LiveOrder } from "@/components/live/live-order";
import { DoorCodeNotice } from "@/components/orders/door-code-notice";
import { OrderDetail } from "@/components/orders/order-detail";
import { TipAfterDelivery } from "@/components/orders/tip-after-delivery";
import { getSessionViewer } from "@/lib/auth/viewer";
import { isAppError } from "@/lib/errors";
import { getMyOrder, tipAfterDeliveryOf, type Order } from "@/lib/orders";
import { orderTracking } from "@/lib/orders/tracking";
import { env } from "@/lib/env";

/** The operator's map tiles (MAP_TILE_URL), or null for the offline schematic. */
const mapTiles = () => {
  const { MAP_TILE_URL, MAP_ATTRIBUTION } = env();
  return MAP_TILE_URL ? { url: MAP_TILE_URL, attribution: MAP_ATTRIBUTION ?? null } : null;
};

const LIVE_STATUSES = new Set(["PENDING_PAYMENT", "PLACED", "PACKED", "OUT_FOR_DELIVERY"]);

export async function generateMetadata({ params }: { params: Promise<{ orderId: string }> }): Promise<Metadata> {
  const { orderId } = await params;
  return { title: `Order ${decodeURIComponent(orderId).toUpperCase()}` };
}

// One order by its number; another shopper's answers 404, as if it did not exist.
export default async function OrderPage({
  params,
  searchParams,
}: {
  params: Promise<{ orderId: string }>;
  searchParams: Promise<{ tip?: string | string[] }>;
}) {
  const { orderId } = await params;
  const number = decodeURIComponent(orderId);
  const viewer = await getSessionViewer();
  if (!viewer) redirect(`/login?callbackUrl=${encodeURIComponent(`/dashboard/myorders/${number}`)}`);
  let order: Order;
  try {
    order = await getMyOrder(viewer, number);
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  }
  // an order still on its way follows its live events; a finished one is as it will stay
  const tracking = LIVE_STATUSES.has(order.status) ? await orderTracking(order.id) : null;
  // a delivered order: "Add a tip" by card, or the tip's thanks (issue 18)
  const tip = order.status === "DELIVERED" ? await tipAfterDeliveryOf(viewer, order.id) : null;
  return (
    <>
      <DoorCodeNotice userId={viewer.id} orderNumber={order.orderNumber} />
      <OrderDetail
        order={order}
        tip={tip && (
          <TipAfterDelivery orderNumber={order.orderNumber} tip={tip} returning={(await searchParams).tip === "paid"} />
        )}
        live={
          tracking && (
            <LiveOrder
              orderNumber={order.orderNumber}
              lastEventId={tracking.lastEventId}
              store={tracking.store}
              destination={tracking.destination}
              rider={tracking.rider}
              showRoute={order.status === "OUT_FOR_DELIVERY"}
              tiles={mapTiles()}
            />
          )
        }
      />
    </>
  );
}
