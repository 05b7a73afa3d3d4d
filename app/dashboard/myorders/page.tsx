import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { DashboardPanel } from "@/components/layout/dashboard-panel";
import { OrderList } from "@/components/orders/order-list";
import { getSessionViewer } from "@/lib/auth/viewer";
import { listMyOrders } from "@/lib/orders";

export const metadata: Metadata = { title: "My Orders" };

export default async function MyOrdersPage() {
  const viewer = await getSessionViewer();
  if (!viewer) redirect(`/login?callbackUrl=${encodeURIComponent("/dashboard/myorders")}`);
  const orders = await listMyOrders(viewer);

  return (
    <DashboardPanel title="Order" lead="Every order you have placed, newest first, with help for each one.">
      <OrderList initial={orders} />
    </DashboardPanel>
  );
}
