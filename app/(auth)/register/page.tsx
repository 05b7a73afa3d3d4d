import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { RegisterForm } from "@/components/auth/register-form";
import { landingPath } from "@/components/auth/safe-callback";
import { AuthCard } from "@/components/layout/auth-card";
import { getSessionViewer } from "@/lib/auth/viewer";

export const metadata: Metadata = { title: "Register" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function RegisterPage({ searchParams }: Props) {
  const raw = (await searchParams).callbackUrl;
  const callbackUrl = Array.isArray(raw) ? raw[0] : raw;
  const viewer = await getSessionViewer();
  if (viewer) redirect(landingPath(viewer.role, callbackUrl));

  return (
    <AuthCard
      title="Register"
      lead="Create your Kwikmart account and get groceries at your door in 10 minutes."
    >
      <RegisterForm callbackUrl={callbackUrl} />
    </AuthCard>
  );
}
