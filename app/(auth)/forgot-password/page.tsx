import type { Metadata } from "next";
import { AuthCard } from "@/components/layout/auth-card";

export const metadata: Metadata = { title: "Forgot Password" };

export default function ForgotPasswordPage() {
  return <AuthCard title="Forgot Password" lead="Enter your email and we will send you a 6-digit code." />;
}
