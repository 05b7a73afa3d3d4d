import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { OtpForm } from "@/components/auth/otp-form";
import { AuthCard } from "@/components/layout/auth-card";
import { emailField } from "@/lib/accounts/schemas";

export const metadata: Metadata = { title: "Enter OTP" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Spec §4: without an e-mail from the previous step this screen goes back to /forgot-password. */
export default async function VerificationOtpPage({ searchParams }: Props) {
  const raw = (await searchParams).email;
  const parsed = emailField.safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) redirect("/forgot-password");
  const email = parsed.data;

  return (
    <AuthCard
      title="Enter OTP"
      lead={`Type the 6-digit code we sent to ${email}. It is valid for 10 minutes.`}
    >
      <OtpForm email={email} />
    </AuthCard>
  );
}
