import type { Metadata } from "next";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { AuthCard } from "@/components/layout/auth-card";

export const metadata: Metadata = { title: "Forgot Password" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ForgotPasswordPage({ searchParams }: Props) {
  const raw = (await searchParams).email;
  const email = (Array.isArray(raw) ? raw[0] : raw)?.slice(0, 254);

  return (
    <AuthCard title="Forgot Password" lead="Enter your email and we will send you a 6-digit code.">
      <ForgotPasswordForm initialEmail={email} />
    </AuthCard>
  );
}
