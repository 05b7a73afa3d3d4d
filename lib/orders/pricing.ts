import { discountedPricePaise } from "@/lib/money";

// Prices an order's items from the database's own rows (DESIGN.md rule 5); the client's amounts are only compared.
// The fees on top of them are the bill's (lib/bill, issue 18).

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
  /** sum of discounted line prices, before fees (the contract's subTotalAmt and totalAmt) */
  itemsTotalPaise: number;
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
    totals: { mrpTotalPaise, itemsTotalPaise, itemCount },
  };
}

/**
 * The client's item amounts against the server's: the total (items after product discounts) exactly, the subtotal
 * either way round. Fees are not in them: the bill's grand total is checked apart (grandTotalPaise).
 */
export function clientAmountsMatch(client: { subtotalPaise: number; totalPaise: number }, totals: OrderTotals): boolean {
  const sub = client.subtotalPaise;
  const subOk = sub === totals.itemsTotalPaise || sub === totals.mrpTotalPaise;
  return subOk && client.totalPaise === totals.itemsTotalPaise;
}
