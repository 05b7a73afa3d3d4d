"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { useHydrated } from "@/components/ui/use-hydrated";
import { callAction, failureText } from "@/components/ui/use-action";
import {
  cancelTestCheckoutAction,
  cancelTestTipAction,
  payTestCheckoutAction,
  payTestTipAction,
} from "@/lib/orders/actions";
import { cartResource } from "@/components/cart/use-cart";
import { ORDERS_QUERY_KEY } from "@/components/orders/query-keys";
import { invalidateLoadedQueries } from "@/components/ui/query-registry";
import { successUrl } from "./success-url";

const ACTIONS = {
  order: { pay: payTestCheckoutAction, cancel: cancelTestCheckoutAction },
  // a tip after delivery (issue 18): either way back to the order's page, which shows the tip or offers it again
  tip: { pay: payTestTipAction, cancel: cancelTestTipAction },
} as const;

/** Pay and Cancel of the local test checkout (an order's, or a tip's); both disabled while either runs. */
export function TestCheckoutButtons({
  sessionId,
  totalLabel,
  purpose = "order",
}: {
  sessionId: string;
  totalLabel: string;
  purpose?: keyof typeof ACTIONS;
}) {
  const router = useRouter();
  const [pending, setPending] = useState<"pay" | "cancel" | null>(null);
  const hydrated = useHydrated();

  async function run(which: "pay" | "cancel") {
    if (pending) return;
    setPending(which);
    try {
      const result = await callAction(ACTIONS[purpose][which], { sessionId });
      if (!result.ok) {
        toast.error(failureText(result));
        router.refresh();
        return;
      }
      await Promise.all([cartResource.invalidate(), invalidateLoadedQueries(ORDERS_QUERY_KEY)]);
      if (purpose === "tip") {
        toast.success(result.message);
        router.push(`/dashboard/myorders/${encodeURIComponent(result.data.orderNumber)}`);
        return;
      }
      router.push(
        which === "pay"
          ? successUrl("Payment", result.data.orderNumber)
          : `/cancel?order=${encodeURIComponent(result.data.orderNumber)}`,
      );
    } catch {
      toast.error("Could not reach the shop. Check your connection and try again.");
    } finally {
      setPending(null);
    }
  }

  return (
    <div className="mt-6 flex flex-col gap-3" data-hydrated={hydrated}>
      <button
        type="button"
        onClick={() => void run("pay")}
        disabled={!hydrated || pending !== null}
        className="h-12 rounded-xl bg-indigo-600 text-base font-bold text-white hover:bg-indigo-700 disabled:opacity-60"
      >
        {pending === "pay" ? "Paying…" : `Pay ${totalLabel}`}
      </button>
      <button
        type="button"
        onClick={() => void run("cancel")}
        disabled={!hydrated || pending !== null}
        className="h-11 rounded-xl border border-line text-sm font-semibold text-ink hover:bg-canvas disabled:opacity-60"
      >
        {pending === "cancel" ? "Cancelling…" : "Cancel"}
      </button>
    </div>
  );
}
