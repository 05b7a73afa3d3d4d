"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { failureText, useServerAction } from "@/components/ui/use-action";
import { forgotPasswordAction } from "@/lib/accounts/actions";
import { forgotPasswordSchema } from "@/lib/accounts/schemas";
import { firstError } from "@/lib/actions/result";
import { FormField, FormStatus, SubmitButton } from "@/components/ui/form-field";
import { useHydrated } from "@/components/ui/use-hydrated";

/** Step 1 of the reset flow: the e-mail. On success the OTP screen opens with `?email=`. */
export function ForgotPasswordForm({ initialEmail }: { initialEmail?: string }) {
  const hydrated = useHydrated();
  const router = useRouter();
  const [email, setEmail] = useState(initialEmail ?? "");
  const [error, setError] = useState<string | undefined>();
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const send = useServerAction(forgotPasswordAction, {
    onFailure: (failure) => {
      const fieldError = firstError(failure.fieldErrors, "email");
      setError(fieldError);
      setMessage(fieldError ? null : failureText(failure));
    },
  });

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      const text = parsed.error.issues[0]?.message ?? "Email is required";
      setError(text);
      toast.error(text);
      return;
    }
    setPending(true);
    setError(undefined);
    setMessage(null);
    const result = await send.run(parsed.data);
    setPending(false);
    if (result.ok) router.push(`/verification-otp?email=${encodeURIComponent(result.data.email)}`);
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4"
      aria-label="Forgot password"
      data-hydrated={hydrated || undefined}
    >
      <FormField
        label="Email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="you@example.com"
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          setError(undefined);
        }}
        error={error}
        required
        autoFocus
      />
      <FormStatus message={message} />
      <SubmitButton disabled={!email.trim()} pending={pending} pendingLabel="Sending code…">
        Send OTP
      </SubmitButton>
      <p className="text-center text-sm text-muted">
        Remembered it?{" "}
        <Link href="/login" className="font-semibold text-brand-700 hover:text-brand-800 hover:underline">
          Back to Login
        </Link>
      </p>
    </form>
  );
}
