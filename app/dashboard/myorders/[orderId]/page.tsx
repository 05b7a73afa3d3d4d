import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { DoorCodeNotice } from "@/components/orders/door-code-notice";
import { OrderDetail } from "@/components/orders/order-detail";
import { getSessionViewer } from "@/lib/auth/viewer";
import { isAppError } from "@/lib/errors";
import { getMyOrder, type Order } from "@/lib/orders";

export async function generateMetadata({ params }: { params: Promise<{ orderId: string }> }): Promise<Metadata> {
  const { orderId } = await params;
  return { title: `Order ${decodeURIComponent(orderId).toUpperCase()}` };
}

// One order by its number; another shopper's answers 404, as if it did not exist.
export default async function OrderPage({ params }: { params: Promise<{ orderId: string }> }) {
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
  return (
    <>
      <DoorCodeNotice userId={viewer.id} orderNumber={order.orderNumber} />
      <OrderDetail order={order} />
    </>
  );
}
