import type { Metadata } from "next";
import { AuthCard } from "@/components/layout/auth-card";

export const metadata: Metadata = { title: "Login" };

export default function LoginPage() {
  return <AuthCard title="Login" lead="Sign in with your email and password." />;
}
