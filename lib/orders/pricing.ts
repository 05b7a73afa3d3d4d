import { discountedPricePaise } from "@/lib/money";

// Prices an order from the database's own rows (DESIGN.md rule 5); the client's amounts are only compared.

/** Delivery is free (spec §9). */
export const DELIVERY_PAISE = 0;

export type PricingRow = {
  productId: string;
  name: string;
  images: string[];
  unit: string;
  pricePaise: number;
  discount: number;
  quantity: number;
};

export type PricedLine = {
  productId: string;
  name: string;
  image: string;
  unit: string;
  pricePaise: number;
  discount: number;
  unitPricePaise: number;
  quantity: number;
};

export type OrderTotals = {
  /** sum of undiscounted line prices (Order.subtotalPaise) */
  mrpTotalPaise: number;
  /** sum of discounted line prices, before delivery */
  itemsTotalPaise: number;
  deliveryPaise: number;
  /** what the shopper pays */
  totalPaise: number;
  itemCount: number;
};

export function priceLines(rows: readonly PricingRow[]): { lines: PricedLine[]; totals: OrderTotals } {
  const lines = rows.map((row) => ({
    productId: row.productId,
    name: row.name,
    image: row.images[0] ?? "",
    unit: row.unit,
    pricePaise: row.pricePaise,
    discount: row.discount,
    unitPricePaise: discountedPricePaise(row.pricePaise, row.discount),
    quantity: row.quantity,
  }));
  let mrpTotalPaise = 0;
  let itemsTotalPaise = 0;
  let itemCount = 0;
  for (const line of lines) {
    mrpTotalPaise += line.pricePaise * line.quantity;
    itemsTotalPaise += line.unitPricePaise * line.quantity;
    itemCount += line.quantity;
  }
  return {
    lines,
    totals: {
      mrpTotalPaise,
      itemsTotalPaise,
      deliveryPaise: DELIVERY_PAISE,
      totalPaise: itemsTotalPaise + DELIVERY_PAISE,
      itemCount,
    },
  };
}

/** The client's amounts against the server's totals: the total exactly, the subtotal either way round. */
export function clientAmountsMatch(client: { subtotalPaise: number; totalPaise: number }, totals: OrderTotals): boolean {
  const sub = client.subtotalPaise;
  const subOk = sub === totals.itemsTotalPaise || sub === totals.mrpTotalPaise;
  return subOk && client.totalPaise === totals.totalPaise;
}
