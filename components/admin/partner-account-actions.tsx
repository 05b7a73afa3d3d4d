"use client";

import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { EMAIL_FIELD, Form, FormField, FormStatus, SubmitButton } from "@/components/ui/form-field";
import { useServerAction } from "@/components/ui/use-action";
import { useActionForm } from "@/components/ui/use-zod-form";
import {
  approvePartnerAction,
  deactivatePartnerAction,
  reactivatePartnerAction,
} from "@/lib/partners/admin-actions";
import type { Partner } from "@/lib/partners/partner";
import { approvePartnerSchema } from "@/lib/partners/schema";

// Issue 17 on the Delivery Partners screen: approving an applicant (an account and an e-mailed invitation to set a
// password; the dialog asks for an e-mail when the application has none), re-sending an unused invitation, and
// deactivating (signed out everywhere, no new orders) or reactivating a partner. The Available / Busy switch is
// untouched (spec §2).

const ACCOUNT_TEXT: Record<Partner["account"], string> = {
  NONE: "No account",
  INVITED: "Invited",
  INVITE_EXPIRED: "Invitation expired",
  ACTIVE: "Account active",
};

/** The partner's account state as a small badge (deactivated wins). */
export function PartnerAccountBadge({ partner }: { partner: Partner }) {
  const [text, tone] = partner.deactivatedAt
    ? ["Deactivated", "bg-red-50 text-red-700"]
    : partner.account === "ACTIVE"
      ? [ACCOUNT_TEXT.ACTIVE, "bg-brand-50 text-brand-700"]
      : partner.account === "NONE"
        ? [ACCOUNT_TEXT.NONE, "bg-canvas text-muted"]
        : [ACCOUNT_TEXT[partner.account], "bg-amber-50 text-amber-800"];
  return (
    <span data-testid="partner-account" className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>
      {text}
    </span>
  );
}

const actionButton =
  "inline-flex h-9 items-center rounded-full border px-3 text-sm font-semibold transition-colors disabled:opacity-60";

/** The row's account buttons: Approve / Re-send invite, and Deactivate or Reactivate. */
export function PartnerAccountActions({
  partner,
  onChanged,
}: {
  partner: Partner;
  onChanged: (partner: Partner) => void;
}) {
  const [dialog, setDialog] = useState<"approve" | "deactivate" | null>(null);
  const deactivate = useServerAction(deactivatePartnerAction, {
    onSuccess: (data) => {
      onChanged(data);
      setDialog(null);
    },
  });
  const reactivate = useServerAction(reactivatePartnerAction, { onSuccess: onChanged });
  const deactivated = !!partner.deactivatedAt;
  const canApprove = !deactivated && partner.account !== "ACTIVE";

  return (
    <div className="flex flex-wrap gap-2">
      {canApprove && (
        <button
          type="button"
          onClick={() => setDialog("approve")}
          className={`${actionButton} border-brand-600 bg-brand-600 text-white hover:bg-brand-700`}
        >
          {partner.account === "NONE" ? "Approve" : "Re-send invite"}
        </button>
      )}
      {deactivated ? (
        <button
          type="button"
          disabled={reactivate.pending}
          onClick={() => void reactivate.run({ partnerId: partner.id })}
          className={`${actionButton} border-line text-ink hover:bg-canvas`}
        >
          Reactivate
        </button>
      ) : (
        <button
          type="button"
          onClick={() => setDialog("deactivate")}
          className={`${actionButton} border-red-200 text-red-700 hover:bg-red-50`}
        >
          Deactivate
        </button>
      )}
      {dialog === "approve" && (
        <ApproveDialog
          partner={partner}
          onClose={() => setDialog(null)}
          onApproved={(p) => {
            onChanged(p);
            setDialog(null);
          }}
        />
      )}
      {dialog === "deactivate" && (
        <ConfirmDialog
          title={`Deactivate ${partner.name}?`}
          message="They are signed out of the partner app everywhere at once, cannot sign in and get no new orders. An order they are delivering stays theirs. You can reactivate them later."
          confirmLabel="Deactivate"
          pending={deactivate.pending}
          onConfirm={() => void deactivate.run({ partnerId: partner.id })}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}

/** Approve (or re-send): asks for an e-mail when the application has none; the answer is toasted. */
function ApproveDialog({
  partner,
  onClose,
  onApproved,
}: {
  partner: Partner;
  onClose: () => void;
  onApproved: (partner: Partner) => void;
}) {
  const needsEmail = !partner.email;
  const state = useActionForm(
    approvePartnerSchema,
    { partnerId: partner.id, email: partner.email ?? "" },
    approvePartnerAction,
    { onDone: (done) => onApproved(done.data.partner) },
  );
  const resend = partner.account !== "NONE";
  return (
    <Dialog
      title={resend ? `Re-send ${partner.name}'s invitation` : `Approve ${partner.name}`}
      description={
        needsEmail
          ? "This application has no e-mail address. Enter the partner's e-mail: we send them a link to set a password for the partner app."
          : `We e-mail ${partner.email} a link to set a password for the partner app (valid 48 hours).`
      }
      testId="approve-partner-dialog"
      onClose={onClose}
    >
      <Form label="Approve partner" onSubmit={state.submit}>
        {needsEmail && <FormField {...EMAIL_FIELD} {...state.field("email")} required autoFocus />}
        <FormStatus message={state.message} />
        <SubmitButton pending={state.pending} pendingLabel="Sending…">
          {resend ? "Re-send invitation" : "Approve and send invitation"}
        </SubmitButton>
      </Form>
    </Dialog>
  );
}
