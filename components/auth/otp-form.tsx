"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useId, useState } from "react";
import { toast } from "@/components/ui/toast";
import { failureText, useServerAction } from "@/components/ui/use-action";
import { forgotPasswordAction, verifyOtpAction } from "@/lib/accounts/actions";
import { Form, FormStatus, SubmitButton } from "@/components/ui/form-field";
import { OTP_LENGTH, OtpInput } from "./otp-input";

const RESEND_SECONDS = 30;
const EMPTY = Array.from({ length: OTP_LENGTH }, () => "");

/**
 * Step 2 of the reset flow: the 6-digit code from the e-mail. A right code sets the km_reset grant cookie (in the
 * server action) and opens /reset-password?email=.
 */
export function OtpForm({ email }: { email: string }) {
  const router = useRouter();
  const id = useId();
  const [digits, setDigits] = useState<string[]>(EMPTY);
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [cooldown, setCooldown] = useState(RESEND_SECONDS);
  const verify = useServerAction(verifyOtpAction, {
    onFailure: (failure) => setMessage(failureText(failure)),
  });
  const resendCode = useServerAction(forgotPasswordAction, { toastSuccess: false });
  const resending = resendCode.pending;
  const complete = digits.every((d) => /^\d$/.test(d));

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((c) => c - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (!complete) {
      const text = "Enter all 6 digits of the code";
      setMessage(text);
      toast.error(text);
      return;
    }
    setPending(true);
    setMessage(null);
    // stays pending on success: the page is leaving
    if ((await verify.run({ email, otp: digits.join("") })).ok) {
      router.push(`/reset-password?email=${encodeURIComponent(email)}`);
    } else setPending(false);
  }

  async function resend() {
    if ((await resendCode.run({ email })).ok) {
      toast.success("We have sent a new code if an account exists for this email");
      setDigits(EMPTY);
      setMessage(null);
      setCooldown(RESEND_SECONDS);
    }
  }

  return (
    <Form label="Verify OTP" onSubmit={submit} className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <span id={`${id}-label`} className="text-sm font-semibold text-ink">
          6-digit code
        </span>
        <OtpInput
          value={digits}
          onChange={(next) => {
            setDigits(next);
            if (message) setMessage(null);
          }}
          invalid={!!message}
          describedBy={message ? `${id}-status` : undefined}
          labelledBy={`${id}-label`}
          disabled={pending}
        />
      </div>
      <div id={`${id}-status`}>
        <FormStatus message={message} />
      </div>
      <SubmitButton disabled={!complete} pending={pending} pendingLabel="Verifying…">
        Verify OTP
      </SubmitButton>
      <div className="flex flex-col items-center gap-1 text-sm text-muted">
        <p>
          Didn&apos;t get the e-mail?{" "}
          <button
            type="button"
            onClick={resend}
            disabled={cooldown > 0 || resending}
            className="font-semibold text-brand-700 hover:text-brand-800 hover:underline disabled:cursor-not-allowed disabled:text-muted disabled:no-underline"
          >
            {cooldown > 0 ? `Resend code in ${cooldown}s` : resending ? "Sending…" : "Resend code"}
          </button>
        </p>
        <Link
          href="/forgot-password"
          className="font-semibold text-brand-700 hover:text-brand-800 hover:underline"
        >
          Use a different email
        </Link>
      </div>
    </Form>
  );
}
