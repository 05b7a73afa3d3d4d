import type { Metadata } from "next";
import { DashboardPanel } from "@/components/layout/dashboard-panel";
import { CouponsAdmin } from "@/components/admin/coupons-admin";
import { NoPermission } from "@/components/admin/no-permission";
import { viewerIsAdmin } from "@/lib/catalog/admin/guard";
import { listCoupons } from "@/lib/coupons";
import { shopTimeZone } from "@/lib/ops/clock";
import { listStores } from "@/lib/stores";

export const metadata: Metadata = { title: "Coupons" };

// Issue 18, the admin's coupons: create, edit, activate or deactivate, delete. The (admin) layout refuses non-admins;
// the page and every action check again.
export default async function CouponsPage() {
  if (!(await viewerIsAdmin())) return <NoPermission />;
  const [coupons, stores] = await Promise.all([listCoupons(), listStores()]);
  return (
    <DashboardPanel
      title="Coupons"
      lead="Codes shoppers apply in the cart or at checkout. Codes are case-insensitive; placed orders keep their discount whatever happens to the coupon."
    >
      <CouponsAdmin
        coupons={coupons}
        stores={stores.map((s) => ({ id: s.id, name: s.name }))}
        timeZone={shopTimeZone()}
      />
    </DashboardPanel>
  );
}
