"use client";

import { useState } from "react";
import { MAX_TIP_PAISE, TIP_TOO_HIGH } from "@/lib/bill/tips";

/**
 * The custom tip (whole rupees up to ₹200) under the tip chips: loaded when the shopper taps Custom. A wrong amount
 * says why under the field and adds nothing to the bill.
 */
export default function TipCustom({ onChange }: { onChange: (paise: number) => void }) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);

  function typed(value: string) {
    setText(value);
    const trimmed = value.trim();
    const bad = trimmed !== "" && !/^\d+$/.test(trimmed) ? "Enter the tip in whole rupees" : null;
    const paise = bad ? 0 : Number(trimmed) * 100;
    const tooHigh = paise > MAX_TIP_PAISE ? TIP_TOO_HIGH : null;
    setError(bad ?? tooHigh);
    onChange(bad || tooHigh ? 0 : paise);
  }

  return (
    <>
      <label className="mt-2 flex flex-col gap-1 text-sm text-ink">
        Tip amount (₹)
        <input
          value={text}
          onChange={(e) => typed(e.target.value)}
          inputMode="numeric"
          autoFocus
          aria-invalid={!!error}
          aria-describedby={error ? "tip-error" : undefined}
          className="min-h-11 rounded-lg border border-line bg-white px-3"
        />
      </label>
      {error && (
        <p id="tip-error" role="alert" className="mt-1 text-xs font-semibold text-red-700">
          {error}
        </p>
      )}
    </>
  );
}
