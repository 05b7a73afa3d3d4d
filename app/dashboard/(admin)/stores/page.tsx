import type { Metadata } from "next";
import { DashboardPanel } from "@/components/layout/dashboard-panel";
import { NoPermission } from "@/components/admin/no-permission";
import { StoresAdmin } from "@/components/admin/stores-admin";
import { viewerIsAdmin } from "@/lib/catalog/admin/guard";
import { shopTimeZone } from "@/lib/ops/clock";
import { demandByPincode, listStores } from "@/lib/stores";

export const metadata: Metadata = { title: "Stores" };

// Issue 16, the admin's side: the dark stores (open, closed or paused, with the reason), pause/resume, edit, create
// and delete, and the "notify me" demand per pincode. The (admin) layout refuses non-admins; the page and every
// action check again.
export default async function StoresPage() {
  if (!(await viewerIsAdmin())) return <NoPermission />;
  const [stores, demand] = await Promise.all([listStores(), demandByPincode()]);
  const dateTime = new Intl.DateTimeFormat("en-IN", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: shopTimeZone(),
  });

  return (
    <DashboardPanel
      title="Stores"
      lead="Dark stores, their hours and who they serve. Pause a store for rain, a stock count or a surge."
    >
      <StoresAdmin stores={stores} />
      <section className="mt-8" aria-labelledby="demand-heading">
        <h2 id="demand-heading" className="text-base font-bold text-ink">
          Demand from places we don&apos;t serve
        </h2>
        {demand.length === 0 ? (
          <p className="mt-2 text-sm text-muted">No &ldquo;notify me&rdquo; requests yet.</p>
        ) : (
          <div
            tabIndex={0}
            role="region"
            aria-labelledby="demand-heading"
            className="mt-3 overflow-x-auto rounded-2xl border border-line"
          >
            <table className="w-full text-sm" data-testid="demand-table">
              <thead className="bg-canvas text-left text-xs text-muted">
                <tr>
                  <th className="px-3 py-2 font-semibold">Pincode</th>
                  <th className="px-3 py-2 font-semibold">Area</th>
                  <th className="px-3 py-2 text-right font-semibold">Requests</th>
                  <th className="px-3 py-2 font-semibold">Last asked</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {demand.map((d) => (
                  <tr key={d.pincode} data-testid="demand-row">
                    <td className="px-3 py-2 font-semibold text-ink">{d.pincode}</td>
                    <td className="px-3 py-2 text-ink">{d.area ?? "—"}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{d.requests}</td>
                    <td className="px-3 py-2 text-muted">{dateTime.format(d.lastAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </DashboardPanel>
  );
}
