"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { EMAIL_FIELD, Form, FormField, FormStatus, SubmitButton } from "@/components/ui/form-field";
import { callAction, failureText, useServerAction } from "@/components/ui/use-action";
import { useActionForm } from "@/components/ui/use-zod-form";
import type { StaffAccount, StaffMember } from "@/lib/stores/staff";
import { deactivateStaffAction, inviteStaffAction, listStaffAction } from "@/lib/stores/staff-actions";
import { inviteStaffSchema } from "@/lib/stores/staff-schema";

// Issue 16 on the Stores screen: a store's staff (who packs its orders on /store), inviting someone by e-mail (an
// account and a 48-hour link to set a password, like a partner's) and deactivating a member (signed out everywhere).
// Inviting a member again re-sends their link, or brings a deactivated member back with a new one.

const ACCOUNT_TEXT: Record<StaffAccount, [string, string]> = {
  INVITED: ["Invited", "bg-amber-50 text-amber-800"],
  INVITE_EXPIRED: ["Invitation expired", "bg-amber-50 text-amber-800"],
  ACTIVE: ["Account active", "bg-brand-50 text-brand-700"],
  DEACTIVATED: ["Deactivated", "bg-red-50 text-red-700"],
};

const staffKey = (storeId: string) => ["admin", "store-staff", storeId] as const;

async function fetchStaff(storeId: string): Promise<StaffMember[]> {
  const result = await callAction(listStaffAction, { storeId });
  if (!result.ok) throw new Error(failureText(result));
  return result.data;
}

export function StoreStaffDialog({ store, onClose }: { store: { id: string; name: string }; onClose: () => void }) {
  const queryClient = useQueryClient();
  const key = staffKey(store.id);
  const query = useQuery({ queryKey: key, queryFn: () => fetchStaff(store.id) });
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
  const invite = useActionForm(inviteStaffSchema, { storeId: store.id, name: "", email: "" }, inviteStaffAction, {
    onDone: () => {
      invite.form.reset({ storeId: store.id, name: "", email: "" });
      refresh();
    },
  });
  const deactivate = useServerAction(deactivateStaffAction, {
    onSuccess: () => {
      setRemoving(null);
      refresh();
    },
    onFailure: () => setRemoving(null),
  });
  // the same invitation again: a fresh link (a deactivated member comes back with it)
  const again = useServerAction(inviteStaffAction, { onSuccess: refresh });

  return (
    <Dialog
      title={`Staff of ${store.name}`}
      description="Staff sign in at the shop's login and land on the store's pick list (/store): they pack this store's orders, pause it and receive stock."
      testId="store-staff-dialog"
      size="lg"
      onClose={onClose}
    >
      <section aria-label="Staff members">
        {query.isPending ? (
          <p className="text-sm text-muted">Loading staff…</p>
        ) : query.isError ? (
          <p role="alert" className="text-sm font-semibold text-red-700">
            {query.error.message}
          </p>
        ) : query.data.length === 0 ? (
          <p className="text-sm text-muted">No staff yet. Invite the first one below.</p>
        ) : (
          <ul className="divide-y divide-line rounded-xl border border-line">
            {query.data.map((s) => {
              const [text, tone] = ACCOUNT_TEXT[s.account];
              return (
                <li key={s.id} data-testid="staff-row" className="flex flex-wrap items-center gap-2 px-3 py-2">
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold text-ink">{s.name}</p>
                    <p className="truncate text-sm text-muted">{s.email}</p>
                  </div>
                  <span data-testid="staff-account" className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>
                    {text}
                  </span>
                  {s.account !== "ACTIVE" && (
                    <button
                      type="button"
                      disabled={again.pending}
                      onClick={() => void again.run({ storeId: store.id, name: s.name, email: s.email })}
                      className="h-9 rounded-full border border-line px-3 text-sm font-semibold text-ink hover:bg-canvas disabled:opacity-60"
                    >
                      {s.account === "DEACTIVATED" ? "Invite again" : "Re-send invite"}
                    </button>
                  )}
                  {s.account !== "DEACTIVATED" && (
                    <button
                      type="button"
                      onClick={() => setRemoving(s)}
                      aria-label={`Deactivate ${s.name}`}
                      className="h-9 rounded-full border border-red-200 px-3 text-sm font-semibold text-red-700 hover:bg-red-50"
                    >
                      Deactivate
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <Form label="Invite staff" onSubmit={invite.submit} className="mt-5 flex flex-col gap-4">
        <h3 className="text-base font-bold text-ink">Invite staff</h3>
        <FormField label="Name" placeholder="Asha Rao" {...invite.field("name")} required />
        <FormField {...EMAIL_FIELD} {...invite.field("email")} required />
        <FormStatus message={invite.message} />
        <SubmitButton pending={invite.pending} pendingLabel="Sending…">
          Send invitation
        </SubmitButton>
      </Form>
      {removing && (
        <ConfirmDialog
          title={`Deactivate ${removing.name}?`}
          message="They are signed out everywhere at once and cannot sign in. Invite them again to bring them back."
          confirmLabel="Deactivate"
          pending={deactivate.pending}
          onConfirm={() => void deactivate.run({ staffId: removing.id })}
          onClose={() => setRemoving(null)}
        />
      )}
    </Dialog>
  );
}
