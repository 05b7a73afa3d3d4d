import "@/lib/zod-browser";
import { z } from "zod";
import { formatPaise } from "@/lib/money";

// Substitutions (issue 18) in the domain's words: what the shopper wants when the store is out of an item at packing,
// which product counts as "similar", and how the order's money moves. Pure (no `server-only`): the cart, checkout
// and order pages use the labels and texts, the unit tests the picker and the arithmetic; the packing itself is
// ./substitution.ts.

export const SUBSTITUTIONS = ["REPLACE", "REMOVE", "CALL"] as const;
export type SubstitutionValue = (typeof SUBSTITUTIONS)[number];
export type SubstitutionOutcomeValue = "REPLACED" | "REMOVED" | "REMOVED_NO_MATCH" | "REMOVED_NO_ANSWER";

/**
 * An order's default when the client says nothing (the seed's SPA and any REST client that predates substitutions):
 * never send a shopper something they did not choose.
 */
export const DEFAULT_SUBSTITUTION: SubstitutionValue = "REMOVE";

/** The choice as the shopper reads it (cart line, checkout default, pick list). */
export const SUBSTITUTION_LABEL: Record<SubstitutionValue, string> = {
  REPLACE: "Replace with a similar item",
  REMOVE: "Don't replace (refund)",
  CALL: "Call me",
};

/** The REST words of the choice (`PUT /api/cart/substitution`, the order calls' `substitution`). */
export const REST_SUBSTITUTIONS = ["replace", "remove", "call"] as const;
export type RestSubstitution = (typeof REST_SUBSTITUTIONS)[number];
export const SUBSTITUTION_MESSAGE = 'substitution must be "replace", "remove" or "call"';

/** "replace" | "remove" | "call" in, the domain's value out. */
export const restSubstitutionField = z
  .enum(REST_SUBSTITUTIONS, { error: SUBSTITUTION_MESSAGE })
  .transform((v) => v.toUpperCase() as SubstitutionValue);

export const toRestSubstitution = (v: SubstitutionValue | null): RestSubstitution | null =>
  v ? (v.toLowerCase() as RestSubstitution) : null;

/** The shop's own screens send the domain's value. */
export const substitutionField = z.enum(SUBSTITUTIONS, { error: "Choose replace, don't replace or call me" });

/** A similar product may cost at most this much more than the missing one (per unit, after product discounts). */
export const SIMILAR_PRICE_UP_PERCENT = 10;

export type SimilarCandidate = {
  productId: string;
  name: string;
  /** per unit after the product's discount, as the store sells it now */
  unitPricePaise: number;
  /** the store's stock */
  stock: number;
  /** units sold in orders that were not cancelled: the best-seller breaks a price tie */
  sold: number;
};

/**
 * The similar products for `quantity` missing units of a line priced `unitPricePaise`, best first. The caller has
 * already narrowed `candidates` to published products that share a sub-category with the missing one at the order's
 * store. Kept: in stock for every missing unit, not already in the order (`exclude`), priced at most +10 % above the
 * missing one. Order: closest price, then the best-seller, then name and id (so the choice is always the same).
 */
export function rankSimilar(
  missing: { productId: string; unitPricePaise: number },
  quantity: number,
  candidates: readonly SimilarCandidate[],
  exclude: ReadonlySet<string> = new Set(),
): SimilarCandidate[] {
  const ceiling = missing.unitPricePaise * (100 + SIMILAR_PRICE_UP_PERCENT);
  return candidates
    .filter(
      (c) =>
        c.productId !== missing.productId &&
        !exclude.has(c.productId) &&
        c.stock >= quantity &&
        c.unitPricePaise > 0 &&
        c.unitPricePaise * 100 <= ceiling,
    )
    .sort(
      (a, b) =>
        Math.abs(a.unitPricePaise - missing.unitPricePaise) - Math.abs(b.unitPricePaise - missing.unitPricePaise) ||
        b.sold - a.sold ||
        a.name.localeCompare(b.name, "en", { sensitivity: "base" }) ||
        (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0),
    );
}

/** A replacement never costs the shopper more than the unit they ordered: the lower of the two prices. */
export const replacementUnitPaise = (orderedUnitPaise: number, replacementUnitPaise: number): number =>
  Math.min(orderedUnitPaise, replacementUnitPaise);

/** How much a short line's items drop: the missing units, less what their replacement is charged. */
export const lineDropPaise = (orderedUnitPaise: number, missing: number, chargedUnitPaise: number | null): number =>
  missing * (orderedUnitPaise - (chargedUnitPaise ?? 0));

/** What packing does for a short line's choice: CALL follows what the shopper said, else (not reached) removes. */
export function effectiveChoice(
  line: SubstitutionValue | null,
  orderDefault: SubstitutionValue,
  callDecision: SubstitutionValue | null,
): { choice: "REPLACE" | "REMOVE"; unanswered: boolean } {
  const wanted = line ?? orderDefault;
  if (wanted !== "CALL") return { choice: wanted, unanswered: false };
  return callDecision === "REPLACE" || callDecision === "REMOVE"
    ? { choice: callDecision, unanswered: false }
    : { choice: "REMOVE", unanswered: true };
}

export type RepriceInput = {
  /** every line as it will be billed: its prices and the units the shopper gets */
  lines: readonly { pricePaise: number; unitPricePaise: number; units: number }[];
  /** delivery, handling, small-cart, late-night and high-demand fees as placed */
  feesPaise: number;
  couponDiscountPaise: number;
  tipPaise: number;
  /** the grand total before packing */
  totalPaise: number;
};

export type Repriced = {
  mrpTotalPaise: number;
  itemsTotalPaise: number;
  itemCount: number;
  couponDiscountPaise: number;
  totalPaise: number;
  /** how much less the shopper pays than before (never negative) */
  dropPaise: number;
};

/**
 * The order's bill after packing: the items are what the shopper gets; fees and tip stay as placed (the shopper agreed
 * to them, and packing never charges more); the coupon keeps its discount, capped at the new items total (a coupon
 * never takes more than the items). The total can only go down.
 */
export function repriceOrder(input: RepriceInput): Repriced {
  let mrpTotalPaise = 0;
  let itemsTotalPaise = 0;
  let itemCount = 0;
  for (const l of input.lines) {
    mrpTotalPaise += l.pricePaise * l.units;
    itemsTotalPaise += l.unitPricePaise * l.units;
    itemCount += l.units;
  }
  const couponDiscountPaise = Math.min(input.couponDiscountPaise, itemsTotalPaise);
  const computed = itemsTotalPaise + input.feesPaise - couponDiscountPaise + input.tipPaise;
  const totalPaise = Math.min(computed, input.totalPaise);
  return {
    mrpTotalPaise,
    itemsTotalPaise,
    itemCount,
    couponDiscountPaise,
    totalPaise,
    dropPaise: input.totalPaise - totalPaise,
  };
}

/** A line's substitution as the shopper's order shows it (the order page, the e-mail). */
export type LineSubstitution = {
  outcome: SubstitutionOutcomeValue;
  /** the units that were missing */
  missing: number;
  /** the replacement's name (REPLACED) */
  replacementName: string | null;
  /** how much the line's items dropped */
  dropPaise: number;
};

/**
 * "Replaced with Amul Taaza Milk", "Removed — out of stock, ₹45 refunded" (a paid card order) or "… not charged"
 * (cash, and a card payment not taken yet). `paidByCard`: the money already left the shopper's card.
 */
export function substitutionText(s: LineSubstitution, quantity: number, paidByCard: boolean): string {
  const units = s.missing >= quantity ? "" : `${s.missing} of ${quantity} `;
  const money = (amount: number) =>
    amount > 0 ? `, ${formatPaise(amount)} ${paidByCard ? "refunded" : "not charged"}` : "";
  // "Removed …", or "1 of 3 removed …" for a partly short line
  const lead = (word: string) => (units ? `${units}${word}` : `${word[0]!.toUpperCase()}${word.slice(1)}`);
  switch (s.outcome) {
    case "REPLACED":
      return `${lead("replaced")} with ${s.replacementName ?? "a similar item"}${money(s.dropPaise)}`;
    case "REMOVED":
      return `${lead("removed")} — out of stock${money(s.dropPaise)}`;
    case "REMOVED_NO_MATCH":
      return `${lead("removed")} — out of stock, nothing similar in stock${money(s.dropPaise)}`;
    case "REMOVED_NO_ANSWER":
      return `${lead("removed")} — out of stock, we could not reach you by phone${money(s.dropPaise)}`;
  }
}
