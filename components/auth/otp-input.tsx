"use client";

import { useRef } from "react";

export const OTP_LENGTH = 6;

/**
 * Six one-digit boxes (spec §2/§5): digits only; typing moves to the next box, Backspace on an empty box goes back
 * (and clears it), arrows move, and pasting (or an SMS/e-mail autofill of) the whole code fills every box.
 */
export function OtpInput({
  value,
  onChange,
  invalid,
  describedBy,
  disabled,
  labelledBy,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
  labelledBy: string;
}) {
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const focus = (index: number) => {
    const el = refs.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    el?.focus();
    el?.select();
  };

  /** Writes digits from `index` on; returns the index after the last one written. */
  const fill = (index: number, digits: string) => {
    const next = Array.from({ length: OTP_LENGTH }, (_, i) => value[i] ?? "");
    let i = index;
    for (const d of digits) {
      if (i >= OTP_LENGTH) break;
      next[i++] = d === " " ? "" : d;
    }
    onChange(next);
    return i;
  };

  return (
    <div
      role="group"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className="flex justify-between gap-2"
    >
      {Array.from({ length: OTP_LENGTH }, (_, index) => (
        <input
          key={index}
          ref={(el) => {
            refs.current[index] = el;
          }}
          name={`otp-${index + 1}`}
          value={value[index] ?? ""}
          disabled={disabled}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? "one-time-code" : "off"}
          autoFocus={index === 0}
          aria-label={`Digit ${index + 1} of ${OTP_LENGTH}`}
          aria-invalid={invalid || undefined}
          required
          onFocus={(e) => e.currentTarget.select()}
          onChange={(e) => {
            const digits = e.target.value.replace(/\D/g, "");
            const old = value[index] ?? "";
            if (!digits) {
              fill(index, " ");
              return;
            }
            if (digits.length <= 2) {
              // One typed digit, next to the box's old one when the caret was not over it.
              const typed =
                digits.length === 2 && old ? (digits[0] === old ? digits[1]! : digits[0]!) : digits[0]!;
              focus(fill(index, typed));
              return;
            }
            // Autofill or a typed run of digits: spread them over the boxes.
            focus(fill(digits.length >= OTP_LENGTH ? 0 : index, digits.slice(0, OTP_LENGTH)));
          }}
          onKeyDown={(e) => {
            if (e.key === "Backspace") {
              if (!value[index] && index > 0) {
                e.preventDefault();
                fill(index - 1, " ");
                focus(index - 1);
              }
            } else if (e.key === "ArrowLeft") {
              e.preventDefault();
              focus(index - 1);
            } else if (e.key === "ArrowRight") {
              e.preventDefault();
              focus(index + 1);
            }
          }}
          onPaste={(e) => {
            const digits = e.clipboardData.getData("text").replace(/\D/g, "");
            if (!digits) return;
            e.preventDefault();
            const start = digits.length >= OTP_LENGTH ? 0 : index;
            const after = fill(start, digits.slice(0, OTP_LENGTH));
            focus(after);
          }}
          className={
            "h-14 w-full min-w-0 rounded-xl border border-line bg-canvas text-center text-2xl font-bold text-ink " +
            "tabular-nums outline-none transition-colors focus:border-brand-500 focus:bg-white " +
            "focus:ring-4 focus:ring-brand-500/10 focus-visible:outline-none aria-invalid:border-red-500 " +
            "sm:h-16 sm:text-3xl disabled:opacity-60"
          }
        />
      ))}
    </div>
  );
}
