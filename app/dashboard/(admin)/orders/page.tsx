import type { Metadata } from "next";
import { BillSummary } from "@/components/ui/bill-summary";
import Link from "next/link";
import { DashboardPanel } from "@/components/layout/dashboard-panel";
import { AdminOrderActions, ReassignButton } from "@/components/orders/admin-order-actions";
import { formatDateTime } from "@/components/orders/format";
import { StatusBadge } from "@/components/orders/status-badge";
import { TestPaymentBadge } from "@/components/orders/test-payment-badge";
import { PromiseStatsTable } from "@/components/admin/promise-stats";
import { LiveBoard } from "@/components/live/live-board";
import { listStores } from "@/lib/stores";
import { promiseStats } from "@/lib/stores/promise-stats";
import { getSessionViewer } from "@/lib/auth/viewer";
import { formatPaise } from "@/lib/money";
import {
  ADMIN_STATUS_FILTERS,
  listAdminOrders,
  NEXT_STEP,
  PAYMENT_METHOD_LABEL,
  PAYMENT_STATUS_LABEL,
  STATUS_LABEL,
  type OrderStatusValue,
} from "@/lib/orders";

export const metadata: Metadata = { title: "Orders" };

const CANCELLABLE: OrderStatusValue[] = ["PENDING_PAYMENT", "PLACED", "PACKED", "OUT_FOR_DELIVERY"];
const ACTIVE: OrderStatusValue[] = ["PLACED", "PACKED", "OUT_FOR_DELIVERY"];

// Admins move orders along: placed → packed → out for delivery → delivered, or cancel. The (admin) layout
// already refuses other users; listAdminOrders and the action check the role again.
export default async function AdminOrdersPage({
  searchParams,
}: {
  searchParams: Promise<{ status?: string | string[]; store?: string | string[] }>;
}) {
  const viewer = await getSessionViewer();
  // the (admin) layout shows anyone else "Do not have permission"; rendered beside it, this page draws nothing (it
  // threw before, and a staff member's visit logged a server error); listAdminOrders checks the role again
  if (viewer?.role !== "ADMIN") return null;
  const { status, store } = await searchParams;
  const filter = ADMIN_STATUS_FILTERS.find((s) => s === status) ?? null;
  const stores = await listStores();
  const storeFilter = stores.find((s) => s.id === store)?.id ?? null;
  const [{ orders, counts, queued, revenue }, stats] = await Promise.all([
    listAdminOrders(viewer, { status: filter, storeId: storeFilter, limit: 200 }),
    promiseStats(storeFilter),
  ]);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const href = (next: { status?: string | null; store?: string | null }) => {
    const params = new URLSearchParams();
    const s = next.status === undefined ? filter : next.status;
    const st = next.store === undefined ? storeFilter : next.store;
    if (s) params.set("status", s);
    if (st) params.set("store", st);
    const query = params.toString();
    return query ? `/dashboard/orders?${query}` : "/dashboard/orders";
  };
  const chip = (key: string, link: string, active: boolean, children: React.ReactNode) => (
    <Link
      key={key}
      href={link}
      aria-current={active ? "page" : undefined}
      className={`rounded-full border px-3 py-1 text-xs font-semibold whitespace-nowrap ${
        active ? "border-brand-600 bg-brand-600 text-white" : "border-line text-ink hover:border-brand-500"
      }`}
    >
      {children}
    </Link>
  );

  const tab = (value: OrderStatusValue | null, label: string, count: number) => {
    const active = value === filter;
    return chip(
      value ?? "all",
      href({ status: value }),
      active,
      <>
        {label} <span className={active ? "font-normal text-white" : "text-muted"}>{count}</span>
      </>,
    );
  };

  return (
    <DashboardPanel
      title="Orders"
      lead="All orders placed in the shop, with their status and delivery partner."
    >
      <div className="mb-2">
        <LiveBoard />
      </div>
      <nav aria-label="Filter by store" className="mb-3 flex flex-wrap gap-2" data-testid="store-filters">
        {chip("all-stores", href({ store: null }), storeFilter === null, "All stores")}
        {stores.map((s) => chip(s.id, href({ store: s.id }), s.id === storeFilter, s.name))}
      </nav>
      <nav aria-label="Filter by status" className="flex flex-wrap gap-2" data-testid="order-filters">
        {tab(null, "All", total)}
        {ADMIN_STATUS_FILTERS.map((s) => tab(s, STATUS_LABEL[s], counts[s]))}
      </nav>
      <p className="mt-3 text-sm text-ink" data-testid="revenue-summary">
        Revenue: <strong data-testid="revenue-total">{formatPaise(revenue.revenuePaise)}</strong>{" "}
        <span className="text-muted">
          from {revenue.revenueOrders} {revenue.revenueOrders === 1 ? "order" : "orders"} (paid by card, or
          cash delivered)
        </span>
        <span className="text-muted"> · </span>
        <span data-testid="test-payments-total">
          Test payments: {formatPaise(revenue.testPaymentsPaise)} (not revenue)
        </span>
      </p>
      <PromiseStatsTable stats={stats} />
      {queued > 0 && (
        <p className="mt-3 rounded-xl bg-accent-50 px-2 py-2 text-sm text-ink" data-testid="queued-note">
          {queued} {queued === 1 ? "order is" : "orders are"} waiting for a free delivery partner.
        </p>
      )}

      {orders.length === 0 ? (
        <p className="mt-6 text-sm text-muted">
          No orders{filter ? ` with status ${STATUS_LABEL[filter]}` : ""}.
        </p>
      ) : (
        // Below 768 px the table is a list of cards (its rows become grids), so status, total, partner and the next
        // action are in reach without scrolling sideways; one DOM for both, so nothing is rendered twice.
        <div
          // a region that may scroll sideways must be reachable from the keyboard (axe: scrollable-region-focusable)
          tabIndex={0}
          role="region"
          aria-label="Orders"
          className="mt-4 md:overflow-x-auto md:rounded-2xl md:border md:border-line"
        >
          <table className="w-full text-[13px] max-md:block md:min-w-[52rem]" data-testid="admin-orders">
            <thead className="bg-canvas text-left text-xs text-muted max-md:hidden">
              <tr>
                <th className="px-2 py-2 font-semibold">Order</th>
                <th className="px-2 py-2 font-semibold">Customer</th>
                <th className="px-2 py-2 font-semibold">Items</th>
                <th className="px-2 py-2 text-right font-semibold">Total</th>
                <th className="px-2 py-2 font-semibold">Payment</th>
                <th className="px-2 py-2 font-semibold">Status</th>
                <th className="px-2 py-2 font-semibold">Partner</th>
                <th className="px-2 py-2 font-semibold">Action</th>
              </tr>
            </thead>
            <tbody className="max-md:block max-md:space-y-3 md:divide-y md:divide-line">
              {orders.map((order) => {
                const next = NEXT_STEP[order.status];
                const blocked = next?.status === "OUT_FOR_DELIVERY" && !order.partner;
                return (
                  <tr
                    key={order.id}
                    data-testid="admin-order-row"
                    data-order-id={order.orderNumber}
                    className="align-top max-md:grid max-md:grid-cols-2 max-md:gap-x-3 max-md:gap-y-2 max-md:rounded-2xl max-md:border max-md:border-line max-md:p-3"
                  >
                    <td className="px-2 py-2.5 max-md:block max-md:p-0">
                      <span className="font-semibold whitespace-nowrap text-ink">{order.orderNumber}</span>
                      <span className="block text-xs whitespace-nowrap text-muted">
                        {formatDateTime(order.createdAt)}
                      </span>
                      {order.store && (
                        <span
                          className="block text-xs whitespace-nowrap text-muted"
                          data-testid="order-store"
                        >
                          {order.store.name}
                          {order.promisedMinutes !== null && ` · promised ${order.promisedMinutes} min`}
                        </span>
                      )}
                    </td>
                    <td className="px-2 py-2.5 max-md:block max-md:p-0">
                      <span className="text-ink">{order.customer.name}</span>
                      <span
                        className="block max-w-36 truncate text-xs text-muted"
                        title={order.customer.email}
                      >
                        {order.customer.email}
                      </span>
                    </td>
                    <td className="min-w-28 px-2 py-2.5 max-md:block max-md:p-0">
                      <span className="line-clamp-2 text-ink">{order.lines[0]?.name ?? ""}</span>
                      <span className="text-xs text-muted">
                        {order.itemCount} {order.itemCount === 1 ? "item" : "items"}
                      </span>
                    </td>
                    <td className="px-2 py-2.5 text-right font-semibold whitespace-nowrap max-md:block max-md:p-0 max-md:text-base">
                      {/* the bill the order was placed with, line for line as the shopper saw it (issue 18) */}
                      <details className="group" data-testid="admin-order-bill">
                        <summary className="cursor-pointer list-none [&::-webkit-details-marker]:hidden">
                          {formatPaise(order.totalPaise)}
                          <span className="block text-xs font-normal text-brand-700 group-open:hidden">Bill</span>
                        </summary>
                        <BillSummary
                          bill={order.bill}
                          testIdPrefix="order"
                          className="mt-2 min-w-56 text-left text-xs font-normal whitespace-normal"
                        />
                      </details>
                    </td>
                    <td className="px-2 py-2.5 max-md:block max-md:p-0">
                      <span className="whitespace-nowrap text-ink">
                        {PAYMENT_METHOD_LABEL[order.paymentMethod]}
                      </span>
                      <span className="block text-xs text-muted">
                        {PAYMENT_STATUS_LABEL[order.paymentStatus]}
                      </span>
                      {order.testPayment && <TestPaymentBadge />}
                    </td>
                    <td className="px-2 py-2.5 max-md:block max-md:p-0">
                      <StatusBadge status={order.status} />
                      {order.help && ACTIVE.includes(order.status) && (
                        <span
                          className="mt-1 block rounded-lg bg-red-50 px-2 py-1 text-xs font-semibold text-red-800"
                          data-testid="order-help"
                        >
                          {order.help.partner || "The partner"} needs help: {order.help.note} ·{" "}
                          {formatDateTime(order.help.at)}
                        </span>
                      )}
                    </td>
                    <td className="px-2 py-2.5 max-md:block max-md:p-0">
                      {order.partner ? (
                        <>
                          <span className="whitespace-nowrap text-ink">{order.partner.name}</span>
                          {ACTIVE.includes(order.status) && (
                            <span className="block text-xs whitespace-nowrap text-muted">
                              ETA {order.partner.eta}
                            </span>
                          )}
                          {order.silentMinutes !== null && (
                            <span
                              className="mt-1 block rounded-lg bg-red-50 px-2 py-1 text-xs font-semibold text-red-800"
                              data-testid="partner-silent"
                            >
                              Silent for {order.silentMinutes} min · call {order.partner.phone}
                              {order.status !== "OUT_FOR_DELIVERY" && (
                                <ReassignButton orderId={order.orderNumber} partner={order.partner.name} />
                              )}
                            </span>
                          )}
                        </>
                      ) : order.awaitingPartner ? (
                        <span className="text-xs font-semibold text-accent-600">Waiting for a partner</span>
                      ) : (
                        <span className="text-xs text-muted">—</span>
                      )}
                    </td>
                    <td className="px-2 py-2.5 max-md:col-span-2 max-md:block max-md:p-0">
                      <AdminOrderActions
                        orderId={order.orderNumber}
                        next={next && !blocked ? next : null}
                        canCancel={CANCELLABLE.includes(order.status)}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </DashboardPanel>
  );
}
