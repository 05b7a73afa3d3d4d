import type { Metadata } from "next";
import { AuthCard } from "@/components/layout/auth-card";

export const metadata: Metadata = { title: "Enter OTP" };

export default function VerificationOtpPage() {
  return <AuthCard title="Enter OTP" lead="Type the 6-digit code we sent to your email." />;
}
