"use client";

import { InvitePasswordForm } from "@/components/partners/partner-invite-form";
import { acceptStaffInviteAction } from "@/lib/stores/staff-actions";

/** The store staff invitation's set-password form (issue 16): the pick list (/store) after signing in. */
export function StaffInviteForm({ token, email }: { token: string; email: string }) {
  return <InvitePasswordForm token={token} email={email} action={acceptStaffInviteAction} home="/store" />;
}
