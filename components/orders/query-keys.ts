/** TanStack Query key of the shopper's order list (My Orders); checkout and payments invalidate it. */
export const ORDERS_QUERY_KEY = ["orders"] as const;
