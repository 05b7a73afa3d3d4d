import type { RestOrder } from "@/app/api/_rest/orders";

// The REST order list in the original's shape (issue 15, F6): one row per ordered line, as the original server stored
// its orders. Each row is the whole order (the same _id, orderId, status, amounts, address, items …) with that line's
// own product_details {name, image[]} and its productId and quantity, so the seed's SPA, which renders each row as one
// product, shows every product of a three-product order. Only this call is flattened: the web app's My Orders reads
// lib/orders and keeps showing each order once.

export type OrderListRow = RestOrder & { productId: string; quantity: number };

export function toOrderListRows(orders: RestOrder[]): OrderListRow[] {
  return orders.flatMap((order) => {
    // an order always has lines; should one have none, it still shows, as the order-level row it was
    if (!order.items.length) return [{ ...order, productId: "", quantity: 0 }];
    return order.items.map((item) => ({
      ...order,
      product_details: { name: item.name, image: item.image ? [item.image] : [] },
      productId: item.productId,
      quantity: item.quantity,
    }));
  });
}
