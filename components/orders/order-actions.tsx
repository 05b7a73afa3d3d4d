"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import { toastResult, callAction } from "@/components/ui/use-action";
import { cancelMyOrderAction } from "@/lib/orders/actions";
import { ORDERS_QUERY_KEY } from "./query-keys";

/** Print receipt: the page's print stylesheet prints only the receipt. */
export function PrintReceiptButton() {
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      onClick={() => window.print()}
      disabled={!hydrated}
      className="h-10 rounded-xl border border-line px-4 text-sm font-bold text-ink hover:bg-canvas print:hidden"
    >
      Print receipt
    </button>
  );
}

/** Cancel order, while the order is placed or packed; asks for confirmation first. */
export function CancelOrderButton({ orderId }: { orderId: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const hydrated = useHydrated();

  async function run() {
    if (pending || !window.confirm(`Cancel order ${orderId}?`)) return;
    setPending(true);
    toastResult(await callAction(cancelMyOrderAction, { orderId }));
    await queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
    router.refresh();
    setPending(false);
  }

  return (
    <button
      type="button"
      onClick={() => void run()}
      disabled={!hydrated || pending}
      className="h-10 rounded-xl border border-red-300 px-4 text-sm font-bold text-red-700 hover:bg-red-50 disabled:opacity-60 print:hidden"
    >
      {pending ? "Cancelling…" : "Cancel order"}
    </button>
  );
}
