import type { Page } from "@playwright/test";
import { signedInShopper } from "./shopper";
import { listProducts, type ApiProduct } from "./shop-api";

// What the bill's journeys share (issue 18: fees, coupons): a fresh shopper signed in through the login form, and a
// cheap product to build a cart of a chosen size.

export const rupees = (n: number) => `₹${n.toLocaleString("en-IN")}`;

/** The shop's price after discount (lib/money.ts: the discount rounded up to whole rupees). */
export const priceOf = (p: ApiProduct) => p.price - Math.ceil((p.price * p.discount) / 100);

/** Registers a new shopper (from `ip`) and signs them in on `page`, landing on My Orders. */
export const newShopper = (page: Page, ip: string, tag: string) => signedInShopper(page, tag, ip);

/**
 * A product of whole rupees between ₹25 and ₹60 after discount, with stock to spare, from the listing's `pages` (each
 * journey its own pages, so journeys running side by side do not buy up each other's product).
 */
export async function cheapProduct(page: Page, pages: readonly number[] = [9, 10, 11, 12]): Promise<ApiProduct> {
  for (const n of pages) {
    const found = (await listProducts(page.request, n)).find(
      (p) => p.stock >= 30 && Number.isInteger(p.price) && priceOf(p) >= 25 && priceOf(p) <= 60,
    );
    if (found) return found;
  }
  throw new Error("no product between ₹25 and ₹60 in the demo catalogue");
}
