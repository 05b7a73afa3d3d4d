import type { Metadata } from "next";
import { InvitationCard } from "@/components/layout/invitation-card";
import { StaffInviteForm } from "@/components/store/staff-invite-form";
import { staffInviteState } from "@/lib/stores/staff";

// The link of a store staff member's invitation e-mail (issue 16): choose a password, then sign in to the store's pick
// list. An expired, used, replaced or revoked link says so and what to do. The token is in the path, so the page sends
// no Referer anywhere and is kept out of search engines.
export const metadata: Metadata = {
  title: "Set your store password",
  referrer: "no-referrer",
  robots: { index: false, follow: false },
};

type Props = { params: Promise<{ token: string }> };

export default async function StaffInvitePage({ params }: Props) {
  const { token } = await params;
  const state = await staffInviteState(token);
  return (
    <InvitationCard
      state={state}
      lead={
        state.state === "VALID"
          ? `Welcome to ${state.storeName}, ${state.name}! Choose a password for the store's pick list. You sign in with ${state.email}.`
          : ""
      }
      form={state.state === "VALID" && <StaffInviteForm token={token} email={state.email} />}
      loginHref="/login?callbackUrl=%2Fstore"
      refusedTestId="staff-invite-refused"
    />
  );
}
