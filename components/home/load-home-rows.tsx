"use server";

import { z } from "zod";
import { listCategoryLinks } from "@/components/catalog/category-links";
import { BuyAgainRow } from "@/components/home/buy-again-row";
import { CategoryRowCards } from "@/components/home/category-row";
import { input, publicAction, userAction } from "@/lib/actions/clients";
import { shopperStore } from "@/lib/stores/current";

// The server actions that live with the UI: they answer rendered server components, so they sit beside them rather
// than in a domain's lib/<domain>/actions.ts (lib never imports components).

const MAX_ROWS = 50;

/**
 * The cards of some home rows, rendered on the server and sent as React elements: the home page renders its first
 * rows itself and fetches the others through this when they near the screen or the browser is idle. Only known
 * categories are rendered; an unknown id, like an empty category, maps to null.
 */
export const loadHomeRows = publicAction
  .inputSchema(input(z.object({ categoryIds: z.array(z.string().max(64)).max(MAX_ROWS) })))
  .action(async ({ parsedInput }) => {
    const wanted = new Set(parsedInput.categoryIds);
    // the shopper's store, as the page that asks was rendered for (the location cookie)
    const { storeId } = await shopperStore();
    const rows: Record<string, React.ReactNode> = {};
    for (const category of await listCategoryLinks()) {
      if (wanted.has(category.id))
        rows[category.id] = <CategoryRowCards id={category.id} name={category.name} storeId={storeId} />;
    }
    return { message: "", data: rows };
  });

/**
 * The signed-in shopper's "Buy again" row, rendered on the server for the store of their location: the home page is
 * the same cached HTML for everyone (lib/page-cache), and the browser asks for this one personal row after it loads
 * (components/home/buy-again-island.tsx). Null when they have nothing to buy again there.
 */
export const loadBuyAgainRow = userAction.inputSchema(input(z.object({}))).action(async () => {
  const { storeId } = await shopperStore();
  return { message: "", data: <BuyAgainRow storeId={storeId} /> };
});
