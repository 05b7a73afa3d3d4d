"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { OrderActionResult } from "@/lib/orders/types";
import { ORDERS_QUERY_KEY } from "@/components/orders/query-keys";

type Outcome = "cancelled" | "paid" | "unchanged";

/**
 * On /cancel?order=…: the payment provider sent the shopper back without paying. Their order still waiting for
 * payment is released at once (stock back on the shelf, items back in the cart) instead of in 30 minutes.
 * Runs once (a POST through a server action, never on a GET).
 */
export function ReleasePendingPayment({
  orderNumber,
  release,
}: {
  orderNumber: string;
  release: (orderNumber: string) => Promise<OrderActionResult<Outcome>>;
}) {
  const queryClient = useQueryClient();
  const started = useRef(false);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void release(orderNumber).then((result) => {
      if (!result.ok || !result.message) return;
      setMessage(result.message);
      void queryClient.invalidateQueries({ queryKey: ["cart"] });
      void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
    });
  }, [orderNumber, release, queryClient]);

  if (!message) return null;
  return (
    <p role="status" className="mx-auto -mt-10 mb-12 max-w-md px-4 text-center text-sm text-muted" data-testid="cancel-note">
      Order {orderNumber}: {message}
    </p>
  );
}
