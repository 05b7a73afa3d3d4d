"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { loginSchema } from "@/lib/accounts/schemas";
import { signInWithCredentials, type SignInResult } from "./auth-client";
import {
  EMAIL_FIELD,
  Form,
  FormField,
  FormStatus,
  passwordField,
  SubmitButton,
} from "@/components/ui/form-field";
import { bindField, formMessage, submitWith, useZodForm } from "@/components/ui/use-zod-form";
import { AuthLink } from "./auth-link";
import { beginLogin } from "./login-hooks";
import { landingPath } from "./safe-callback";

export const LOGIN_FAILED = "Could not log in. Check your connection and try again.";

/** A sign-in's outcome: the refusal to show, or the signed-in account's role (where to land, issue 17). */
export type SignInOutcome = { error: string; role?: undefined } | { error: null; role: string | null };

/**
 * Signs in through next-auth (Credentials → httpOnly JWT cookie; no token ever reaches the page's script) and runs
 * the login hooks (guest-cart merge; not for a delivery partner, who has no shop cart), answering the role.
 */
export async function signInForRole(email: string, password: string): Promise<SignInOutcome> {
  const login = beginLogin();
  let result: SignInResult;
  try {
    result = await signInWithCredentials(email, password);
  } catch {
    login.abort();
    return { error: LOGIN_FAILED };
  }
  if (!result.ok) {
    login.abort();
    return {
      error:
        result?.error && result.error !== "CredentialsSignin" ? result.error : "Invalid email or password",
    };
  }
  const session = await fetch("/api/auth/session", { cache: "no-store" })
    .then((r) => r.json() as Promise<{ user?: { id?: string; email?: string; role?: string } }>)
    .catch(() => null);
  const role = session?.user?.role ?? null;
  // partners and store staff have no shop cart to merge
  if (role === "PARTNER" || role === "STAFF") login.abort();
  else await login.complete({ userId: session?.user?.id ?? "", email: session?.user?.email ?? email });
  return { error: null, role };
}

/** signInForRole for callers that only need the refusal (null when signed in). */
export async function signInWithPassword(email: string, password: string): Promise<string | null> {
  return (await signInForRole(email, password)).error;
}

export function LoginForm({ callbackUrl, initialEmail }: { callbackUrl?: string; initialEmail?: string }) {
  const router = useRouter();
  const form = useZodForm(loginSchema, { email: initialEmail ?? "", password: "" });
  const field = bindField(form);
  const [email, password] = form.watch(["email", "password"]);
  const message = formMessage(form);
  const filled = email.trim() !== "" && password !== "";
  // stays pending once signed in: the page is leaving
  const [leaving, setLeaving] = useState(false);
  const pending = form.formState.isSubmitting || leaving;

  const submit = submitWith(
    form,
    async (values) => {
      const { error, role } = await signInForRole(values.email, values.password);
      if (error) {
        // one message per event (issue 21 item 10): the refusal shows in the form, not also in a toast over the header
        form.setError("root.server", { type: "server", message: error });
        return;
      }
      setLeaving(true);
      toast.success("Login successfully");
      // Every page is rendered per request, so the target is fetched fresh (with the new session) anyway. A partner goes
      // to the partner app, anyone else never does (landingPath).
      router.replace(landingPath(role, callbackUrl, window.location.origin));
    },
    { quiet: true },
  );

  return (
    <Form label="Login" onSubmit={(event) => (filled && !pending ? submit(event) : event.preventDefault())}>
      <FormField {...EMAIL_FIELD} {...field("email")} invalid={!!message} required autoFocus />
      <div className="flex flex-col gap-1.5">
        <FormField
          {...passwordField("Password", "current", "Enter your password")}
          {...field("password")}
          invalid={!!message}
          required
        />
        <Link
          href={
            email.trim() ? `/forgot-password?email=${encodeURIComponent(email.trim())}` : "/forgot-password"
          }
          className="-my-3 inline-flex min-h-11 items-center self-end text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline"
        >
          Forgot password?
        </Link>
      </div>
      <FormStatus message={message} />
      <SubmitButton disabled={!filled} pending={pending} pendingLabel="Logging in…">
        Login
      </SubmitButton>
      <AuthLink
        prompt="Don't have an account?"
        href={callbackUrl ? `/register?callbackUrl=${encodeURIComponent(callbackUrl)}` : "/register"}
      >
        Register
      </AuthLink>
    </Form>
  );
}
