import "server-only";
import { AppError } from "@/lib/errors";
import type { Tx } from "./tx";

// Stock moves inside the order's transaction (DESIGN.md rule 3). Taking is one conditional UPDATE per product
// (stock >= quantity), so whatever the concurrency stock never goes below zero: concurrent buyers of one product
// queue on its row lock and each sees the stock the previous one left. Products are always touched in id order,
// so two orders sharing products cannot deadlock.

type StockLine = { productId: string; quantity: number; name: string };

export const outOfStockMessage = (name: string, left: number): string =>
  left <= 0
    ? `Sorry, ${name} is out of stock. Review your cart.`
    : `Only ${left} of ${name} left in stock. Review your cart.`;

/** Takes every line's quantity or throws OUT_OF_STOCK naming the first product that is short. Returns the products that sold out. */
export async function takeStock(tx: Tx, lines: readonly StockLine[]): Promise<string[]> {
  const soldOut: string[] = [];
  for (const line of [...lines].sort(byProduct)) {
    const rows = await tx.$queryRaw<{ stock: number }[]>`
      UPDATE "Product" SET stock = stock - ${line.quantity}, "updatedAt" = (now() AT TIME ZONE 'UTC')
      WHERE id = ${line.productId} AND published AND stock >= ${line.quantity}
      RETURNING stock`;
    if (!rows[0]) {
      const current = await tx.product.findUnique({ where: { id: line.productId }, select: { stock: true } });
      throw new AppError("OUT_OF_STOCK", outOfStockMessage(line.name, current?.stock ?? 0));
    }
    if (rows[0].stock === 0) soldOut.push(line.productId);
  }
  return soldOut;
}

/** Puts an order's quantities back. Returns the products that were sold out and are back in stock. */
export async function returnStock(tx: Tx, lines: readonly Omit<StockLine, "name">[]): Promise<string[]> {
  const restocked: string[] = [];
  for (const line of [...lines].sort(byProduct)) {
    const rows = await tx.$queryRaw<{ stock: number }[]>`
      UPDATE "Product" SET stock = stock + ${line.quantity}, "updatedAt" = (now() AT TIME ZONE 'UTC')
      WHERE id = ${line.productId}
      RETURNING stock`;
    if (rows[0] && rows[0].stock === line.quantity) restocked.push(line.productId);
  }
  return restocked;
}

const byProduct = (a: { productId: string }, b: { productId: string }) =>
  a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0;
