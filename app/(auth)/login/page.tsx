import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/auth/login-form";
import { landingPath } from "@/components/auth/safe-callback";
import { AuthCard } from "@/components/layout/auth-card";
import { getSessionViewer } from "@/lib/auth/viewer";

export const metadata: Metadata = { title: "Login" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function LoginPage({ searchParams }: Props) {
  const params = await searchParams;
  // `next` is accepted too (the partner app may send a signed-out partner here with ?next=/partner/…)
  const callbackUrl = one(params.callbackUrl) ?? one(params.next);
  // Someone already signed in has nothing to do here.
  const viewer = await getSessionViewer();
  if (viewer) redirect(landingPath(viewer.role, callbackUrl));

  return (
    <AuthCard title="Login" lead="Welcome back! Sign in with your email and password.">
      <LoginForm callbackUrl={callbackUrl} initialEmail={one(params.email)?.slice(0, 254)} />
    </AuthCard>
  );
}
