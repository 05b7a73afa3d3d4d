import type { Metadata } from "next";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { AuthCard } from "@/components/layout/auth-card";
import { hasLiveResetGrant } from "@/lib/accounts";
import { RESET_COOKIE } from "@/lib/auth/cookies";

export const metadata: Metadata = { title: "Reset Password" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Spec §4: only after a verified code (a live km_reset grant); everyone else goes to /. */
export default async function ResetPasswordPage({ searchParams }: Props) {
  const grant = (await cookies()).get(RESET_COOKIE)?.value;
  if (!(await hasLiveResetGrant(grant))) redirect("/");
  const raw = (await searchParams).email;
  const email = (Array.isArray(raw) ? raw[0] : raw)?.slice(0, 254);

  return (
    <AuthCard title="Reset Password" lead="Choose a new password for your account.">
      <ResetPasswordForm initialEmail={email} />
    </AuthCard>
  );
}
