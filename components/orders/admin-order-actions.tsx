"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import { callAction, toastResult } from "@/components/ui/use-action";
import { reassignOrderAction, updateOrderStatusAction } from "@/lib/orders/actions";
import type { AdminTargetStatus } from "@/lib/orders/schemas";
import { DeliveredByHandDialog } from "./delivered-by-hand-dialog";

type Step = { status: string; label: string };

/** An order row's buttons on the admin orders page: its next step, and Cancel while it can be cancelled. */
export function AdminOrderActions({
  orderId,
  next,
  canCancel,
}: {
  orderId: string;
  next: Step | null;
  canCancel: boolean;
}) {
  const router = useRouter();
  const [pending, setPending] = useState<string | null>(null);
  const [askReason, setAskReason] = useState(false);
  const hydrated = useHydrated();

  async function run(status: string) {
    if (pending) return;
    // delivered by the store, without the shopper's door code: always with a reason (a dialog asks for it)
    if (status === "DELIVERED") {
      setAskReason(true);
      return;
    }
    if (
      status === "CANCELLED" &&
      !window.confirm(`Cancel order ${orderId}? Stock is returned and a paid order refunded.`)
    ) {
      return;
    }
    setPending(status);
    toastResult(await callAction(updateOrderStatusAction, { orderId, status: status as AdminTargetStatus }));
    router.refresh();
    setPending(null);
  }

  if (!next && !canCancel) return <span className="text-xs text-muted">—</span>;
  return (
    <div className="flex items-start gap-1.5 max-md:flex-row max-md:gap-2 md:flex-col">
      {next && (
        <button
          type="button"
          onClick={() => void run(next.status)}
          disabled={!hydrated || pending !== null}
          className="h-8 rounded-lg bg-brand-600 px-3 max-md:h-11 max-md:px-4 text-xs font-bold whitespace-nowrap text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {pending === next.status ? "Saving…" : next.label}
        </button>
      )}
      {canCancel && (
        <button
          type="button"
          onClick={() => void run("CANCELLED")}
          disabled={!hydrated || pending !== null}
          className="h-8 rounded-lg border border-red-300 px-3 max-md:h-11 max-md:px-4 text-xs font-bold text-red-700 hover:bg-red-50 disabled:opacity-60"
        >
          {pending === "CANCELLED" ? "Cancelling…" : "Cancel"}
        </button>
      )}
      {askReason && (
        <DeliveredByHandDialog
          orderId={orderId}
          onClose={() => setAskReason(false)}
          onDone={() => {
            setAskReason(false);
            router.refresh();
          }}
        />
      )}
    </div>
  );
}

/** Reassign, on a placed or packed order whose partner went silent: another free partner of the store takes it. */
export function ReassignButton({ orderId, partner }: { orderId: string; partner: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const hydrated = useHydrated();

  async function run() {
    if (pending || !window.confirm(`Give order ${orderId} to another free partner? ${partner} is switched off.`)) return;
    setPending(true);
    toastResult(await callAction(reassignOrderAction, { orderId }));
    router.refresh();
    setPending(false);
  }

  return (
    <button
      type="button"
      onClick={() => void run()}
      disabled={!hydrated || pending}
      className="mt-1 h-8 rounded-lg border border-red-300 px-3 text-xs font-bold whitespace-nowrap text-red-800 hover:bg-red-50 disabled:opacity-60 max-md:h-11 max-md:px-4"
    >
      {pending ? "Reassigning…" : "Reassign"}
    </button>
  );
}
