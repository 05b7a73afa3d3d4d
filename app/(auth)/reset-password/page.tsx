import type { Metadata } from "next";
import { AuthCard } from "@/components/layout/auth-card";

export const metadata: Metadata = { title: "Reset Password" };

export default function ResetPasswordPage() {
  return <AuthCard title="Reset Password" lead="Choose a new password for your account." />;
}
