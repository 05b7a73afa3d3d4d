"use client";

import { lazy, Suspense, useState } from "react";
import { TIP_CHOICES_PAISE, TIP_NOTE } from "@/lib/bill/tips";

// The custom amount's field and checks load when Custom is tapped (checkout's first-load JavaScript is budgeted).
const TipCustom = lazy(() => import("./tip-custom"));

const chip =
  "min-h-11 min-w-14 rounded-full border border-line px-3 text-sm font-bold text-ink aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-700";

/**
 * Tip your delivery partner (issue 18): ₹10 / ₹20 / ₹30 in one tap (tap again for no tip) or a custom amount. The
 * bill above the buttons adds it; the server checks the cap again.
 */
export function TipPicker({
  tipPaise,
  onChange,
  disabled,
  title = "Tip your delivery partner",
}: {
  tipPaise: number;
  onChange: (paise: number) => void;
  disabled: boolean;
  /** the legend: checkout's "Tip your delivery partner", a delivered order's "Add a tip" */
  title?: string;
}) {
  const [custom, setCustom] = useState(false);
  const pick = (paise: number, own: boolean) => {
    setCustom(own);
    onChange(paise);
  };
  return (
    <fieldset className="mt-3 rounded-xl bg-canvas p-3 disabled:opacity-60" data-testid="tip-picker" disabled={disabled}>
      <legend className="float-left w-full text-sm font-bold text-ink">{title}</legend>
      <p className="clear-left text-xs text-muted">{TIP_NOTE}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {TIP_CHOICES_PAISE.map((paise) => {
          const on = !custom && tipPaise === paise;
          return (
            <button key={paise} type="button" className={chip} aria-pressed={on} onClick={() => pick(on ? 0 : paise, false)}>
              ₹{paise / 100}
            </button>
          );
        })}
        <button type="button" className={chip} aria-pressed={custom} onClick={() => pick(0, !custom)}>
          Custom
        </button>
      </div>
      {custom && (
        <Suspense fallback={null}>
          <TipCustom onChange={onChange} />
        </Suspense>
      )}
    </fieldset>
  );
}
