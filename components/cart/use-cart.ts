"use client";

import { createContext, useContext, useMemo } from "react";
import { registerUserReset } from "@/components/auth/session-sync";
import { createResource, useResource } from "@/components/ui/client-resource";
import { toast } from "@/components/ui/toast";
import { tellUnseenFailure } from "@/components/ui/unseen-failures";
import { callAction, failureText, OFFLINE_TEXT, PLEASE_LOGIN_TEXT } from "@/components/ui/use-action";
import { loadCartAction } from "@/lib/cart/actions";
import { limitMessage, OUT_OF_STOCK_MESSAGE } from "@/lib/cart/rules";
import type { ErrorCode } from "@/lib/errors";
import {
  capOf,
  EMPTY_TOTALS,
  fromServerCart,
  quantityIn,
  withQuantity,
  withStoreStock,
  withTotals,
  type CartItemProduct,
  type ClientCart,
  type ClientCartLine,
} from "./cart-model";
import { readGuestCart, writeGuestCart } from "./guest-cart";
import { mergeGuestCartIntoAccount } from "./guest-cart-merge";

// The cart's client state (`cartResource`, components/ui/client-resource: the header and every ADD control read it at
// first load, so it does without TanStack Query): the server's cart for a signed-in shopper, the localStorage cart
// for a guest. Changes are optimistic: the cart changes at once, the server answers with the whole cart, and a
// failure rolls back with the server's message in an error toast.

export const PLEASE_LOGIN = PLEASE_LOGIN_TEXT;
const OFFLINE = OFFLINE_TEXT;

export class CartError extends Error {
  constructor(
    message: string,
    readonly code: ErrorCode | "CLIENT" = "CLIENT",
  ) {
    super(message);
    this.name = "CartError";
  }
}

/**
 * The cart as the browser should show it now, checked against the shopper's store (a guest's lines get that store's
 * stock); a guest cart left over from before login is merged first.
 */
export async function fetchCart(): Promise<ClientCart> {
  const guest = readGuestCart();
  const loaded = await callAction(loadCartAction, { guestProductIds: guest.map((l) => l.productId) });
  // thrown, the query fails and says so (components/ui/unseen-failures.ts) instead of showing an empty cart
  if (!loaded.ok)
    throw new CartError(failureText(loaded), loaded.code === "NETWORK" ? "CLIENT" : loaded.code);
  const result = loaded.data;
  if (!result.signedIn) {
    const lines = withStoreStock(guest, result.stock);
    if (lines.length > 0) writeGuestCart(lines);
    return withTotals(false, lines, result.store);
  }
  if (readGuestCart().length > 0) {
    const merged = await mergeGuestCartIntoAccount();
    if (merged) return fromServerCart(merged);
  }
  return fromServerCart(result.cart);
}

/** The tab's cart, shared by every reader; `set` it with a server's answer, `invalidate` it to read it again. */
export const cartResource = createResource<ClientCart>({
  fetch: fetchCart,
  staleTime: 30_000,
  // thrown by fetchCart after its retries: the shopper is told (components/ui/unseen-failures.ts)
  onError: tellUnseenFailure,
});

// a login, a logout or another account starts from the new user's cart
if (typeof window !== "undefined") registerUserReset(() => cartResource.reset());

export type CartOp =
  | { type: "add"; product: CartItemProduct }
  | { type: "set"; product: CartItemProduct; quantity: number }
  | { type: "remove"; product: CartItemProduct };

export type OpResult = { cart: ClientCart; message: string | null };

export const targetQuantity = (op: CartOp, current: number) =>
  op.type === "add" ? current + 1 : op.type === "set" ? Math.max(0, op.quantity) : 0;

/** Sending a change (./cart-ops.ts) loads after the page: when the browser is first idle, or at a first change. */
const loadOps = () => import("./cart-ops");
if (typeof window !== "undefined") {
  // a failed early load is not the shopper's concern: a change loads it again, and says so if it cannot
  const preload = () => void loadOps().catch(() => undefined);
  if (window.requestIdleCallback) window.requestIdleCallback(preload, { timeout: 3_000 });
  else window.setTimeout(preload, 1_500);
}

/** cart changes under way: only the last one to finish puts its answer (or the rollback) in the cart */
let changing = 0;

/**
 * One change of the cart: shown at once, sent, then the server's whole cart (or a rollback and the reason). Changes
 * may overlap; each sends its own request, and the cart shows the answer of the last to finish.
 */
async function changeCart(op: CartOp): Promise<void> {
  changing++;
  let previous: ClientCart | undefined;
  try {
    // a read under way would overwrite the change with the cart from before it
    cartResource.cancel();
    previous = await cartResource.ensure();
    cartResource.set(
      withQuantity(previous, op.product, targetQuantity(op, quantityIn(previous, op.product.id))),
    );
    const [cart, { runGuestOp, runServerOp }] = await Promise.all([cartResource.ensure(), loadOps()]);
    const result = cart.signedIn ? await runServerOp(op) : await runGuestOp(op, cart.store);
    if (changing <= 1) cartResource.set(result.cart);
    if (result.message) toast.success(result.message);
  } catch (error) {
    toast.error(error instanceof CartError ? error.message : OFFLINE);
    if (changing <= 1) {
      if (previous) cartResource.set(previous);
      void cartResource.invalidate();
    }
  } finally {
    changing--;
  }
}

export type UseCart = {
  cart: ClientCart | undefined;
  lines: ClientCartLine[];
  totals: ClientCart["totals"];
  signedIn: boolean;
  isLoading: boolean;
  isError: boolean;
  quantityOf: (productId: string) => number;
  /** one more unit (a new line at 1) */
  add: (product: CartItemProduct) => void;
  increment: (product: CartItemProduct) => void;
  /** one less; at 1 the line is removed */
  decrement: (product: CartItemProduct) => void;
  setQuantity: (product: CartItemProduct, quantity: number) => void;
  remove: (product: CartItemProduct) => void;
};

/** Refuses at once what the browser already knows is over the limit (the server checks again). */
function guard(product: CartItemProduct, next: number): boolean {
  const current = cartResource.getState().data;
  const line = current?.lines.find((l) => l.productId === product.id);
  // a signed-in line carries the server's fresh stock; otherwise the page's copy is the newest
  const known = current?.signedIn && line ? line.product : product;
  if (next <= quantityIn(current, product.id)) return true;
  if (known.stock <= 0) {
    toast.error(OUT_OF_STOCK_MESSAGE);
    return false;
  }
  if (next > capOf(known)) {
    toast.error(limitMessage(known.stock));
    return false;
  }
  return true;
}

const mutate = (op: CartOp) => void changeCart(op);

/**
 * The cart a page read on the server (/cart and /checkout for a signed-in shopper: ./server-cart.tsx), shown by the
 * readers inside it until the tab's cart has an answer: in the server's HTML and through hydration, where the
 * resource reads "pending", so the lines are on screen at the first paint rather than after the page's scripts.
 */
export const ServerCartContext = createContext<ClientCart | undefined>(undefined);

export function useCart(): UseCart {
  const state = useResource(cartResource);
  const fromServer = useContext(ServerCartContext);
  const cart = state.data ?? fromServer;
  const isLoading = state.status === "pending" && state.fetching;
  const isError = state.status === "error";

  return useMemo(() => {
    const quantityOf = (productId: string) => quantityIn(cart, productId);
    const lineProduct = (product: CartItemProduct) =>
      cart?.lines.find((l) => l.productId === product.id)?.product ?? product;
    return {
      cart,
      lines: cart?.lines ?? [],
      totals: cart?.totals ?? EMPTY_TOTALS,
      signedIn: cart?.signedIn ?? false,
      isLoading,
      isError,
      quantityOf,
      add: (product) => {
        if (guard(product, quantityOf(product.id) + 1)) mutate({ type: "add", product });
      },
      increment: (product) => {
        const next = quantityOf(product.id) + 1;
        if (!guard(product, next)) return;
        mutate(
          next === 1
            ? { type: "add", product }
            : { type: "set", product: lineProduct(product), quantity: next },
        );
      },
      decrement: (product) => {
        const next = quantityOf(product.id) - 1;
        if (next < 0) return;
        mutate(
          next === 0
            ? { type: "remove", product }
            : { type: "set", product: lineProduct(product), quantity: next },
        );
      },
      setQuantity: (product, quantity) => {
        if (guard(product, quantity)) mutate({ type: "set", product: lineProduct(product), quantity });
      },
      remove: (product) => mutate({ type: "remove", product }),
    } satisfies UseCart;
  }, [cart, isLoading, isError]);
}
