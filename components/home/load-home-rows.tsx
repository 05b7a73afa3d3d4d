"use server";

import { z } from "zod";
import { listCategoryLinks } from "@/components/catalog/category-links";
import { CategoryRowCards } from "@/components/home/category-row";
import { input, publicAction } from "@/lib/actions/clients";
import { shopperStore } from "@/lib/stores/current";

// The one server action that lives with the UI: it answers rendered server components, so it sits beside them
// rather than in a domain's lib/<domain>/actions.ts (lib never imports components).

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
