import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/layout/auth-card";
import { PartnerInviteForm } from "@/components/partners/partner-invite-form";
import { inviteState } from "@/lib/partners/accounts";

// The link of a partner's invitation e-mail (issue 17): choose a password, then sign in to the partner app. An
// expired, used, replaced or revoked link says so and what to do. The token is in the path, so the page sends no
// Referer anywhere and is kept out of search engines.
export const metadata: Metadata = {
  title: "Set your partner password",
  referrer: "no-referrer",
  robots: { index: false, follow: false },
};

type Props = { params: Promise<{ token: string }> };

const TITLES = {
  UNKNOWN: "This link is not valid",
  EXPIRED: "This invitation has expired",
  USED: "Your password is already set",
  REVOKED: "This invitation is no longer valid",
} as const;

export default async function PartnerInvitePage({ params }: Props) {
  const { token } = await params;
  const state = await inviteState(token);
  return (
    <main id="main" className="flex flex-1 items-start justify-center bg-canvas px-4 py-8 sm:items-center">
      {state.state === "VALID" ? (
        <AuthCard
          title="Set your password"
          lead={`Welcome to Kwikmart, ${state.name}! Choose a password for the partner app. You sign in with ${state.email}.`}
        >
          <PartnerInviteForm token={token} email={state.email} />
        </AuthCard>
      ) : (
        <AuthCard title={TITLES[state.state]} lead={state.message}>
          <div data-testid="partner-invite-refused" className="flex flex-col gap-3">
            <Link
              href={state.state === "USED" ? "/login?callbackUrl=%2Fpartner" : "/"}
              className="flex h-12 items-center justify-center rounded-xl bg-brand-600 px-4 text-base font-semibold text-white hover:bg-brand-700"
            >
              {state.state === "USED" ? "Go to login" : "Go to Kwikmart"}
            </Link>
          </div>
        </AuthCard>
      )}
    </main>
  );
}
