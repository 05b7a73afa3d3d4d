import type { Metadata } from "next";
import { InvitationCard } from "@/components/layout/invitation-card";
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

export default async function PartnerInvitePage({ params }: Props) {
  const { token } = await params;
  const state = await inviteState(token);
  return (
    <InvitationCard
      state={state}
      lead={
        state.state === "VALID"
          ? `Welcome to Kwikmart, ${state.name}! Choose a password for the partner app. You sign in with ${state.email}.`
          : ""
      }
      form={state.state === "VALID" && <PartnerInviteForm token={token} email={state.email} />}
      loginHref="/login?callbackUrl=%2Fpartner"
      refusedTestId="partner-invite-refused"
    />
  );
}
