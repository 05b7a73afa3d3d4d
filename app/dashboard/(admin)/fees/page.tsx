import type { Metadata } from "next";
import { DashboardPanel } from "@/components/layout/dashboard-panel";
import { FeesAdmin } from "@/components/admin/fees-admin";
import { NoPermission } from "@/components/admin/no-permission";
import { feesView } from "@/lib/bill";
import { viewerIsAdmin } from "@/lib/catalog/admin/guard";

export const metadata: Metadata = { title: "Fees" };

// Issue 18, the admin's side of the bill: the shop-wide fees, each store's own and its high-demand switch. The
// (admin) layout refuses non-admins; the page and every action check again.
export default async function FeesPage() {
  if (!(await viewerIsAdmin())) return <NoPermission />;
  const { shop, stores } = await feesView();
  return (
    <DashboardPanel
      title="Fees"
      lead="Delivery, handling, small-cart, late-night and high-demand fees on the shopper's bill. Placed orders keep the bill they were placed with."
    >
      <FeesAdmin shop={shop} stores={stores} />
    </DashboardPanel>
  );
}
