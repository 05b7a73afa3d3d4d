"use client";

import { useState } from "react";
import { Form, FormField } from "@/components/ui/form-field";
import { failureText, useServerAction } from "@/components/ui/use-action";
import { sendEmailCodeAction, verifyEmailCodeAction } from "@/lib/accounts/actions";
import { verifyEmailCodeSchema } from "@/lib/accounts/schemas";

/**
 * REQUIRE_VERIFIED_EMAIL=1 (issue 20 #14): the first cash-on-delivery order needs a verified e-mail, verified right
 * here with an e-mailed 6-digit code, so the shopper neither leaves the checkout nor loses the cart. `onVerified`
 * unlocks Cash on Delivery.
 */
export function VerifyEmailInline({
  email,
  verified,
  onVerified,
}: {
  email: string;
  verified: boolean;
  onVerified: () => void;
}) {
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const send = useServerAction(sendEmailCodeAction, {
    onSuccess: (data) => {
      if (data.verified) onVerified();
      else setSent(true);
    },
  });
  const check = useServerAction(verifyEmailCodeAction, {
    onSuccess: () => onVerified(),
    onFailure: (failure) => setError(failure.fieldErrors?.code?.[0] ?? failureText(failure)),
    toastFailure: false,
  });

  if (verified) {
    return (
      <p role="status" data-testid="verify-email-done" className="rounded-xl bg-brand-50 p-3 text-sm font-semibold text-brand-700">
        <span aria-hidden="true">✓ </span>E-mail verified. You can place your cash-on-delivery order now.
      </p>
    );
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (check.pending) return;
    const parsed = verifyEmailCodeSchema.safeParse({ code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Enter the 6-digit code");
      return;
    }
    setError(undefined);
    await check.run(parsed.data);
  }

  return (
    <section
      aria-labelledby="verify-email-title"
      data-testid="verify-email"
      className="flex flex-col gap-3 rounded-2xl border border-accent-200 bg-accent-50 p-4"
    >
      <div>
        <h3 id="verify-email-title" className="text-base font-bold text-ink">
          Verify your e-mail
        </h3>
        <p className="mt-1 text-sm text-ink">
          Your first cash-on-delivery order needs a verified e-mail. We will send a 6-digit code to{" "}
          <strong className="break-all">{email}</strong>; your cart stays as it is.
        </p>
      </div>
      {sent && (
        <Form label="Verify your e-mail" onSubmit={(e) => void submit(e)} className="flex flex-col gap-3">
          <FormField
            label="6-digit code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => {
              setCode(e.target.value.replace(/\D/g, "").slice(0, 6));
              setError(undefined);
            }}
            error={error}
            hint="From the e-mail we just sent. Valid for 15 minutes."
          />
          <button
            type="submit"
            disabled={check.pending || code.length !== 6}
            aria-busy={check.pending || undefined}
            className="h-11 rounded-xl bg-brand-600 text-sm font-bold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {check.pending ? "Checking…" : "Verify"}
          </button>
        </Form>
      )}
      <button
        type="button"
        onClick={() => void send.run(undefined)}
        disabled={send.pending}
        aria-busy={send.pending || undefined}
        className={
          sent
            ? "self-start text-sm font-semibold text-brand-700 underline underline-offset-2 disabled:opacity-60"
            : "h-11 rounded-xl bg-brand-600 text-sm font-bold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
        }
      >
        {send.pending ? "Sending…" : sent ? "Send a new code" : "Send code"}
      </button>
    </section>
  );
}
