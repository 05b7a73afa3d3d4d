import "server-only";
import { MAX_PER_LINE } from "@/lib/cart/rules";
import type { Tx } from "./tx";

// What a card payment's outcome does to the shopper's cart (issue 15 F5). The card checkout leaves the cart as it
// is, so a shopper who backs out of the payment page still has it; only a confirmed payment takes the ordered
// quantities out, and nothing else: lines added meanwhile stay, and a line raised meanwhile keeps the difference.
// Orders whose checkout emptied the cart (from before, `cartKept` false) get their lines back when cancelled.

type CartLine = { productId: string; quantity: number };

/** The paid order's quantities come out of the cart: a line at or below them goes, a larger one is reduced. */
export async function removeOrderedQuantities(tx: Tx, userId: string, lines: readonly CartLine[]): Promise<void> {
  const ordered = new Map<string, number>();
  for (const line of lines) ordered.set(line.productId, (ordered.get(line.productId) ?? 0) + line.quantity);
  for (const [productId, quantity] of ordered) {
    await tx.cartItem.deleteMany({ where: { userId, productId, quantity: { lte: quantity } } });
    await tx.cartItem.updateMany({
      where: { userId, productId, quantity: { gt: quantity } },
      data: { quantity: { decrement: quantity } },
    });
  }
}

/**
 * An order whose checkout emptied the cart was cancelled: its items go back so the shopper can pay another way.
 * Lines already in the cart are left as the shopper has them (never doubled); deleted products are skipped.
 */
export async function restoreCart(tx: Tx, userId: string, lines: readonly CartLine[]): Promise<void> {
  const published = await tx.product.findMany({
    where: { id: { in: lines.map((l) => l.productId) }, published: true },
    select: { id: true },
  });
  const live = new Set(published.map((p) => p.id));
  const data = lines
    .filter((l) => live.has(l.productId))
    .map((l) => ({ userId, productId: l.productId, quantity: Math.min(l.quantity, MAX_PER_LINE) }));
  if (data.length) await tx.cartItem.createMany({ data, skipDuplicates: true });
}
