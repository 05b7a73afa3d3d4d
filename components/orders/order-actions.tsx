"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { useHydrated } from "@/components/auth/use-hydrated";
import type { OrderActionResult, OrderDto } from "@/lib/orders/types";
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
export function CancelOrderButton({
  orderId,
  cancel,
}: {
  orderId: string;
  cancel: (orderId: string) => Promise<OrderActionResult<OrderDto>>;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const hydrated = useHydrated();

  async function run() {
    if (pending || !window.confirm(`Cancel order ${orderId}?`)) return;
    setPending(true);
    try {
      const result = await cancel(orderId);
      if (result.ok) toast.success(result.message);
      else toast.error(result.message);
      await queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
      router.refresh();
    } catch {
      toast.error("Could not reach the shop. Check your connection and try again.");
    } finally {
      setPending(false);
    }
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
