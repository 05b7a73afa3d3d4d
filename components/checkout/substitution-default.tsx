"use client";

import type { SubstitutionValue } from "@/lib/orders/substitution-rules";

// Checkout's default for an item the store turns out to be out of when it packs (issue 18): lines with their own
// choice (set in the cart) keep it. A native select: no script beyond the state it sets.

export function SubstitutionDefault({
  value,
  onChange,
  disabled,
}: {
  value: SubstitutionValue;
  onChange: (value: SubstitutionValue) => void;
  disabled: boolean;
}) {
  return (
    <label className="flex min-w-0 flex-col gap-1 rounded-2xl bg-white p-4 text-sm shadow-[0_1px_3px_rgba(0,0,0,0.05)] md:col-start-1">
      <span className="font-bold text-ink">If an item is out of stock</span>
      <select
        data-testid="checkout-substitution"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as SubstitutionValue)}
        className="min-h-11 w-full min-w-0 truncate rounded-xl border border-line bg-white px-3 text-ink"
      >
        <option value="REPLACE">Replace with a similar item</option>
        <option value="REMOVE">Don&apos;t replace (refund)</option>
        <option value="CALL">Call me</option>
      </select>
      <span className="text-xs text-muted">
        For items without their own choice in the cart. A replacement never costs more than the item it replaces.
      </span>
    </label>
  );
}
