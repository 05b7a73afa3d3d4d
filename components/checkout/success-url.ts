/** The /success page for a placed order: with its number, the page offers "Track order" (issue 21 item 8). */
export const successUrl = (text: "Order" | "Payment", orderNumber?: string | null) =>
  `/success?text=${text}${orderNumber ? `&order=${encodeURIComponent(orderNumber)}` : ""}`;

/** The shopper's live page of an order. */
export const trackOrderUrl = (orderNumber: string) =>
  `/dashboard/myorders/${encodeURIComponent(orderNumber)}`;
