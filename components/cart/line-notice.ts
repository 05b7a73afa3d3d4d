import { shortLineNotice } from "@/lib/cart/notices";
import type { ClientCartLine, ClientCartStore } from "./cart-model";

/**
 * What a flagged line says and asks for ("Only 2 left at Koramangala — reduce to 2 …"), or null. Apart from
 * cart-model.ts so that only the cart's contents and checkout load these words.
 */
export const lineNotice = (
  line: Pick<ClientCartLine, "quantity" | "product">,
  store: ClientCartStore | null,
) => shortLineNotice(line.quantity, line.product.stock, store?.area ?? "this store");
