import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/layout/auth-card";

export const metadata: Metadata = { title: "E-mail change undone", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const TEXTS = {
  done: {
    title: "E-mail change undone",
    lead: "Your account keeps this e-mail address, and every session of it has been signed out.",
    body: "Whoever asked for the change knew your password. Choose a new password now.",
  },
  taken: {
    title: "Could not put your e-mail back",
    lead: "Every session of the account has been signed out, but your old address now belongs to another account.",
    body: "Choose a new password for the account with its current address, or write to support for help.",
  },
  invalid: {
    title: "This link is invalid or has expired",
    lead: "An undo link works once and for 7 days.",
    body: "If someone changed your e-mail without asking you, choose a new password, or write to support.",
  },
} as const;

/** Where the undo link of an e-mail change notice lands (issue 20 #4, app/api/user/undo-email-change). */
export default async function EmailChangeUndonePage({ searchParams }: Props) {
  const raw = (await searchParams).result;
  const result = raw === "done" || raw === "taken" ? raw : "invalid";
  const text = TEXTS[result];
  return (
    <AuthCard title={text.title} lead={text.lead}>
      <div className="flex flex-col gap-4" data-testid="email-change-undone" data-result={result}>
        <p className="text-sm text-ink">{text.body}</p>
        <Link
          href="/forgot-password"
          className="inline-flex h-11 items-center justify-center rounded-xl bg-brand-600 px-5 text-sm font-bold text-white hover:bg-brand-700"
        >
          Choose a new password
        </Link>
      </div>
    </AuthCard>
  );
}
