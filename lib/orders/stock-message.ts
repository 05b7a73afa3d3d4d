/** The 409 of a line the store has too few of (the transaction's conditional update, or ./stock-gate.ts). */
export const outOfStockMessage = (name: string, left: number): string =>
  left <= 0
    ? `Sorry, ${name} is out of stock. Review your cart.`
    : `Only ${left} of ${name} left in stock. Review your cart.`;
