"use client";

import { useEffect, useRef, useState } from "react";
import { callAction } from "@/components/ui/use-action";
import { abandonPaymentAction } from "@/lib/orders/actions";
import { cartResource } from "@/components/cart/use-cart";
import { ORDERS_QUERY_KEY } from "@/components/orders/query-keys";
import { invalidateLoadedQueries } from "@/components/ui/query-registry";

/**
 * On /cancel?order=…: the payment provider sent the shopper back without paying. Their order still waiting for
 * payment is released at once (stock back on the shelf; the cart was kept as it was) instead of in 15 minutes.
 * Runs once (a POST through a server action, never on a GET).
 */
export function ReleasePendingPayment({ orderNumber }: { orderNumber: string }) {
  const started = useRef(false);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void callAction(abandonPaymentAction, { orderId: orderNumber }).then((result) => {
      if (!result.ok || !result.message) return;
      setMessage(result.message);
      void cartResource.invalidate();
      void invalidateLoadedQueries(ORDERS_QUERY_KEY);
    });
  }, [orderNumber]);

  if (!message) return null;
  return (
    <p
      role="status"
      className="mx-auto -mt-10 mb-12 max-w-md px-4 text-center text-sm text-muted"
      data-testid="cancel-note"
    >
      Order {orderNumber}: {message}
    </p>
  );
}
