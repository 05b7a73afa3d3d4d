import Link from "next/link";
import { AuthCard } from "./auth-card";

// The page of an invitation link (a delivery partner's, issue 17; a store staff member's, issue 16): the set-password
// form, or why the link no longer works and what to do.

const TITLES = {
  UNKNOWN: "This link is not valid",
  EXPIRED: "This invitation has expired",
  USED: "Your password is already set",
  REVOKED: "This invitation is no longer valid",
} as const;

export type InvitationState = { state: "VALID" } | { state: keyof typeof TITLES; message: string };

export function InvitationCard({
  state,
  lead,
  form,
  loginHref,
  refusedTestId,
}: {
  state: InvitationState;
  /** the welcome line over the form */
  lead: string;
  form: React.ReactNode;
  /** where a used link sends its owner: the login, coming back to their app */
  loginHref: string;
  refusedTestId: string;
}) {
  return (
    <main id="main" className="flex flex-1 items-start justify-center bg-canvas px-4 py-8 sm:items-center">
      {state.state === "VALID" ? (
        <AuthCard title="Set your password" lead={lead}>
          {form}
        </AuthCard>
      ) : (
        <AuthCard title={TITLES[state.state]} lead={state.message}>
          <div data-testid={refusedTestId} className="flex flex-col gap-3">
            <Link
              href={state.state === "USED" ? loginHref : "/"}
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
