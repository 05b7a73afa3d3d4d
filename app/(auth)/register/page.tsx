import type { Metadata } from "next";
import { AuthCard } from "@/components/layout/auth-card";

export const metadata: Metadata = { title: "Register" };

export default function RegisterPage() {
  return (
    <AuthCard title="Register" lead="Create your Kwikmart account with your name, email and a password." />
  );
}
