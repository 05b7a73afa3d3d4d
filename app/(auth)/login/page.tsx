import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/auth/login-form";
import { safeCallbackPath } from "@/components/auth/safe-callback";
import { AuthCard } from "@/components/layout/auth-card";
import { getSessionViewer } from "@/lib/auth/viewer";

export const metadata: Metadata = { title: "Login" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function LoginPage({ searchParams }: Props) {
  const params = await searchParams;
  const callbackUrl = one(params.callbackUrl);
  // Someone already signed in has nothing to do here.
  if (await getSessionViewer()) redirect(safeCallbackPath(callbackUrl));

  return (
    <AuthCard title="Login" lead="Welcome back! Sign in with your email and password.">
      <LoginForm callbackUrl={callbackUrl} initialEmail={one(params.email)?.slice(0, 254)} />
    </AuthCard>
  );
}
