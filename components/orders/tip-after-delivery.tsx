"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { TipPicker } from "@/components/checkout/tip-picker";
import { useServerAction } from "@/components/ui/use-action";
import { TIP_NOTE } from "@/lib/bill/tips";
import { formatPaise } from "@/lib/money";
import { cancelTipAfterDeliveryAction, startTipAfterDeliveryAction } from "@/lib/orders/actions";
import type { TipAfterDeliveryState } from "@/lib/orders/tip-after-delivery";

/**
 * Under a delivered order's bill (issue 18): "Add a tip" — ₹10 / ₹20 / ₹30 or a custom amount up to ₹200, paid by
 * card in the tip's own checkout (the server checks the order and the cap again); a tip waiting for its payment
 * (Pay, or Cancel to choose again); once paid, "Tip ₹20 — thank you" (the bill above has it in its tip and total).
 */
export function TipAfterDelivery({
  orderNumber,
  tip,
  returning = false,
}: {
  orderNumber: string;
  tip: TipAfterDeliveryState;
  /** back from the card provider's page after paying (?tip=paid): its confirmation may still be on its way */
  returning?: boolean;
}) {
  if (tip.state === "paid") {
    return (
      <p className="mt-3 rounded-xl bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-700" data-testid="tip-thanks">
        Tip {formatPaise(tip.amountPaise)} — thank you
        <span className="block text-xs font-normal text-muted">{TIP_NOTE}</span>
      </p>
    );
  }
  if (tip.state === "pending" && returning) return <ConfirmingTip amountPaise={tip.amountPaise} />;
  if (tip.state === "pending") return <PendingTip orderNumber={orderNumber} amountPaise={tip.amountPaise} url={tip.url} />;
  return <AddTip orderNumber={orderNumber} />;
}

function AddTip({ orderNumber }: { orderNumber: string }) {
  const [tipPaise, setTipPaise] = useState(0);
  const [leaving, setLeaving] = useState(false);
  const start = useServerAction(startTipAfterDeliveryAction, {
    toastSuccess: false,
    onSuccess: (data) => {
      setLeaving(true);
      window.location.assign(data.url);
    },
  });
  const busy = start.pending || leaving;
  return (
    <section aria-label="Add a tip" className="mt-3 print:hidden" data-testid="tip-after-delivery">
      <TipPicker title="Add a tip" tipPaise={tipPaise} onChange={setTipPaise} disabled={busy} />
      <button
        type="button"
        disabled={busy || tipPaise <= 0}
        onClick={() => void start.run({ orderId: orderNumber, tipPaise })}
        className="mt-2 h-11 w-full rounded-xl bg-brand-600 text-sm font-bold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {busy ? "Opening the payment page…" : tipPaise > 0 ? `Pay ${formatPaise(tipPaise)} tip by card` : "Choose a tip"}
      </button>
    </section>
  );
}

function PendingTip({ orderNumber, amountPaise, url }: { orderNumber: string; amountPaise: number; url: string | null }) {
  const router = useRouter();
  const cancel = useServerAction(cancelTipAfterDeliveryAction, { onSuccess: () => router.refresh() });
  return (
    <div className="mt-3 rounded-xl bg-canvas p-3 text-sm print:hidden" data-testid="tip-pending">
      <p className="text-ink">Your {formatPaise(amountPaise)} tip is waiting for payment.</p>
      <div className="mt-2 flex gap-2">
        {url && (
          <a
            href={url}
            className="flex h-11 flex-1 items-center justify-center rounded-xl bg-brand-600 font-bold text-white hover:bg-brand-700"
          >
            Pay {formatPaise(amountPaise)}
          </a>
        )}
        <button
          type="button"
          disabled={cancel.pending}
          onClick={() => void cancel.run({ orderId: orderNumber })}
          className="h-11 flex-1 rounded-xl border border-line font-semibold text-ink hover:bg-white disabled:opacity-60"
        >
          {cancel.pending ? "Cancelling…" : "Cancel tip"}
        </button>
      </div>
    </div>
  );
}

/** Paid on the provider's page, its webhook not here yet: the page reads the order again every 3 s (a minute at most). */
function ConfirmingTip({ amountPaise }: { amountPaise: number }) {
  const router = useRouter();
  useEffect(() => {
    let tries = 0;
    const timer = setInterval(() => {
      tries += 1;
      if (tries > 20) clearInterval(timer);
      else router.refresh();
    }, 3_000);
    return () => clearInterval(timer);
  }, [router]);
  return (
    <p role="status" className="mt-3 rounded-xl bg-canvas p-3 text-sm text-ink print:hidden" data-testid="tip-confirming">
      Confirming your {formatPaise(amountPaise)} tip payment… It shows on the bill in a moment.
    </p>
  );
}
