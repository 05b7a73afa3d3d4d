import type { Metadata } from "next";
import { accountSections } from "@/components/account/account-links";
import { AccountNav } from "@/components/account/account-nav";
import { PageSection } from "@/components/layout/page-section";

export const metadata: Metadata = { title: "My Account" };

/**
 * Mobile account menu. Spec: only for a signed-in user, otherwise /login — the accounts issue adds
 * that redirect and the role check; until then it lists the account entries.
 */
export default function UserMenuPage() {
  return (
    <PageSection title="My Account">
      <div className="max-w-sm rounded-2xl border border-line p-3">
        <AccountNav sections={accountSections({ isAdmin: false })} />
      </div>
    </PageSection>
  );
}
