"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import { callAction, failureText } from "@/components/ui/use-action";
import { listMyOrdersAction } from "@/lib/orders/actions";
import { formatPaise } from "@/lib/money";
import type { Order } from "@/lib/orders/types";
import { EtaLine } from "./eta-line";
import { formatDateTime } from "./format";
import { OrderAgainButton } from "./order-again";
import { NeedHelpDialog } from "./need-help-dialog";
import { NoOrdersArt } from "./no-orders-art";
import { ORDERS_QUERY_KEY } from "./query-keys";
import { StatusBadge } from "./status-badge";
import { CatalogImage } from "@/components/ui/catalog-image";

/**
 * My Orders (spec §2 Orders page): each order with its number, first product image and name, status and ETA,
 * and Need Help; the no-data image when there are none. The list is the ["orders"] query (checkout invalidates
 * it), seeded by the server render.
 */
export function OrderList({ initial }: { initial: Order[] }) {
  const { data: orders = initial } = useQuery({
    queryKey: ORDERS_QUERY_KEY,
    queryFn: async () => {
      const result = await callAction(listMyOrdersAction, undefined);
      if (!result.ok) throw new Error(failureText(result));
      return result.data;
    },
    initialData: initial,
  });
  const [help, setHelp] = useState<string | null>(null);
  const hydrated = useHydrated();

  if (orders.length === 0) {
    return (
      <div className="flex flex-col items-center py-10 text-center" data-testid="orders-empty">
        <NoOrdersArt className="w-48" />
        <p className="mt-4 font-semibold text-ink">No orders yet</p>
        <Link href="/" className="mt-3 text-sm font-semibold text-brand-700 hover:underline">
          Start shopping
        </Link>
      </div>
    );
  }

  return (
    <>
      <ul className="flex flex-col gap-3" data-testid="order-list" data-hydrated={hydrated}>
        {orders.map((order) => {
          const first = order.lines[0];
          const more = order.lines.length - 1;
          return (
            <li
              key={order.id}
              data-testid="order-card"
              data-order-id={order.orderNumber}
              className="flex flex-col gap-3 rounded-2xl border border-line p-4 sm:flex-row sm:items-center"
            >
              <div className="size-16 shrink-0 overflow-hidden rounded-xl border border-line bg-canvas">
                {first?.image && <CatalogImage src={first.image} size={64} loading="eager" />}
              </div>
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <p className="flex flex-wrap items-center gap-2">
                  <Link
                    href={`/dashboard/myorders/${order.orderNumber}`}
                    className="font-bold text-ink hover:text-brand-700"
                    data-testid="order-number"
                  >
                    Order No: {order.orderNumber}
                  </Link>
                  <StatusBadge status={order.status} />
                </p>
                <p className="line-clamp-1 text-sm text-ink" data-testid="order-product">
                  {first?.name ?? ""}
                  {more > 0 && <span className="text-muted"> and {more} more</span>}
                </p>
                <EtaLine order={order} />
                <p className="text-xs text-muted">
                  {formatDateTime(order.createdAt)} · {formatPaise(order.totalPaise)}
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                <Link
                  href={`/dashboard/myorders/${order.orderNumber}`}
                  className="flex h-9 items-center rounded-lg border border-line px-3 text-sm font-semibold text-ink hover:bg-canvas"
                >
                  Details
                </Link>
                <button
                  type="button"
                  onClick={() => setHelp(order.orderNumber)}
                  disabled={!hydrated}
                  className="h-9 rounded-lg border border-brand-600 px-3 text-sm font-semibold text-brand-700 hover:bg-brand-600 hover:text-white"
                >
                  Need Help
                </button>
                {order.status !== "PENDING_PAYMENT" && (
                  <OrderAgainButton
                    orderId={order.orderNumber}
                    className="h-9 rounded-lg bg-brand-600 px-3 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
                  />
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {help && <NeedHelpDialog orderId={help} onClose={() => setHelp(null)} />}
    </>
  );
}
