"use client";

import { toast } from "@/components/ui/toast";
import { callAction, failureText } from "@/components/ui/use-action";
import { setCartSubstitutionAction } from "@/lib/cart/actions";
import type { SubstitutionValue } from "@/lib/orders/substitution-rules";
import { fromServerCart } from "./cart-model";
import { cartResource } from "./use-cart";

// Saves a cart line's substitution choice (issue 18). Loaded when the shopper first changes one, so the action's
// code is not in /cart's first load; the answer is the whole cart, put in the cart as it is.

export async function saveSubstitution(
  productId: string,
  substitution: SubstitutionValue | null,
): Promise<boolean> {
  const result = await callAction(setCartSubstitutionAction, { productId, substitution });
  if (!result.ok) {
    toast.error(failureText(result));
    return false;
  }
  cartResource.set(fromServerCart(result.data));
  toast.success(result.message);
  return true;
}
