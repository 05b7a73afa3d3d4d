import type { Metadata } from "next";
import { CashAdmin } from "@/components/admin/cash-admin";
import { NoPermission } from "@/components/admin/no-permission";
import { DashboardPanel } from "@/components/layout/dashboard-panel";
import { viewerIsAdmin } from "@/lib/catalog/admin/guard";
import { cashLimitPaise, cashLimitRupees } from "@/lib/dispatch";
import { formatINR } from "@/lib/money";
import { cashBalances, recentCashEntries } from "@/lib/partners/ledger";
import { shopTimeZone } from "@/lib/ops/clock";

export const metadata: Metadata = { title: "Cash" };

// Issue 17, cash on delivery accounted: every partner's cash in hand (the append-only ledger's sum), settlements
// recorded here, and the latest entries. The (admin) layout refuses non-admins; the page and the action check again.
export default async function CashPage() {
  if (!(await viewerIsAdmin())) return <NoPermission />;
  const [balances, entries] = await Promise.all([cashBalances(), recentCashEntries()]);
  const dateTime = new Intl.DateTimeFormat("en-IN", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: shopTimeZone(),
  });
  return (
    <DashboardPanel
      title="Cash"
      lead={`Cash partners collected at the door and handed to the store. A partner holding ${formatINR(cashLimitRupees())} or more gets no new cash orders until they settle.`}
    >
      <CashAdmin
        balances={balances.map((b) => ({
          ...b,
          lastSettled: b.lastSettledAt ? dateTime.format(new Date(b.lastSettledAt)) : null,
        }))}
        limitPaise={cashLimitPaise()}
      />
      <section className="mt-8" aria-labelledby="cash-entries-heading">
        <h2 id="cash-entries-heading" className="text-base font-bold text-ink">
          Latest entries
        </h2>
        {entries.length === 0 ? (
          <p className="mt-2 text-sm text-muted">No cash collected or settled yet.</p>
        ) : (
          <div
            tabIndex={0}
            role="region"
            aria-labelledby="cash-entries-heading"
            className="mt-3 overflow-x-auto rounded-2xl border border-line"
          >
            <table className="w-full text-sm" data-testid="cash-entries">
              <thead className="bg-canvas text-left text-xs text-muted">
                <tr>
                  <th className="px-3 py-2 font-semibold">When</th>
                  <th className="px-3 py-2 font-semibold">Partner</th>
                  <th className="px-3 py-2 font-semibold">What</th>
                  <th className="px-3 py-2 text-right font-semibold">Amount</th>
                  <th className="px-3 py-2 font-semibold">By</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {entries.map((e) => (
                  <tr key={e.id} data-testid="cash-entry">
                    <td className="px-3 py-2 text-muted">{dateTime.format(new Date(e.at))}</td>
                    <td className="px-3 py-2 text-ink">
                      Partner #{e.partnerNumber} {e.partnerName}
                    </td>
                    <td className="px-3 py-2 text-ink">
                      {e.kind === "COLLECTED" ? `Collected for ${e.orderNumber}` : "Settled with the store"}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {e.amountPaise > 0 ? "+" : "−"}
                      {formatINR(Math.abs(e.amountPaise) / 100)}
                    </td>
                    <td className="px-3 py-2 text-muted">{e.recordedByEmail ?? "—"}</td>
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
