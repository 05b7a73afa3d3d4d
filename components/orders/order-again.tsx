"use client";

import Link from "next/link";
import { useState } from "react";
import { cartResource } from "@/components/cart/use-cart";
import { fromServerCart } from "@/components/cart/cart-model";
import { Dialog, preloadDialog } from "@/components/ui/dialog";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useServerAction } from "@/components/ui/use-action";
import { orderAgainAction } from "@/lib/orders/actions";
import type { OrderAgainResult } from "@/lib/orders/order-again";

/**
 * Order again (issue 18): one tap puts the order's products back in the cart from the shopper's store; a dialog then
 * says what went in and names what could not, with the reason, before the shopper goes on to the cart.
 */
export function OrderAgainButton({ orderId, className }: { orderId: string; className?: string }) {
  const hydrated = useHydrated();
  const [report, setReport] = useState<{ message: string; result: OrderAgainResult } | null>(null);
  const { run, pending } = useServerAction(orderAgainAction, {
    toastSuccess: false,
    onSuccess: (result, message) => {
      cartResource.set(fromServerCart(result.cart));
      setReport({ message, result });
    },
  });

  return (
    <>
      <button
        type="button"
        onClick={() => void run({ orderId })}
        onPointerEnter={preloadDialog}
        disabled={!hydrated || pending}
        data-testid="order-again"
        className={
          className ??
          "min-h-11 rounded-xl bg-brand-600 px-4 text-sm font-bold text-white hover:bg-brand-700 disabled:opacity-60 print:hidden"
        }
      >
        {pending ? "Adding…" : "Order again"}
      </button>
      {report && (
        <Dialog title={report.message} onClose={() => setReport(null)} testId="order-again-report" size="sm">
          <OrderAgainReport result={report.result} onClose={() => setReport(null)} />
        </Dialog>
      )}
    </>
  );
}

function OrderAgainReport({ result, onClose }: { result: OrderAgainResult; onClose: () => void }) {
  return (
    <div className="flex flex-col gap-4 text-sm">
      {result.added.length > 0 && (
        <section aria-label="Added to your cart">
          <h3 className="mb-1 font-bold text-ink">Added to your cart</h3>
          <ul className="flex flex-col gap-1" data-testid="order-again-added">
            {result.added.map((line) => (
              <li key={line.productId} className="flex justify-between gap-3">
                <span className="text-ink">{line.name}</span>
                <span className="shrink-0 text-muted">× {line.quantity}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {result.missing.length > 0 && (
        <section aria-label="Not added">
          <h3 className="mb-1 font-bold text-ink">Not added</h3>
          <ul className="flex flex-col gap-1" data-testid="order-again-missing">
            {result.missing.map((line) => (
              <li key={line.productId}>
                <span className="text-ink">{line.name}</span>
                <span className="block text-xs text-red-700">{line.reason}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className="text-xs text-muted">Prices are today&apos;s; your cart shows the new bill.</p>
      <div className="flex gap-2">
        {result.added.length > 0 && (
          <Link
            href="/cart"
            onClick={onClose}
            className="flex min-h-11 flex-1 items-center justify-center rounded-xl bg-brand-600 px-4 font-bold text-white hover:bg-brand-700"
          >
            View cart
          </Link>
        )}
        <button
          type="button"
          onClick={onClose}
          className="min-h-11 flex-1 rounded-xl border border-line px-4 font-bold text-ink hover:bg-canvas"
        >
          Close
        </button>
      </div>
    </div>
  );
}
