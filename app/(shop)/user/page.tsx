import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { accountSections } from "@/components/account/account-links";
import { AccountNav } from "@/components/account/account-nav";
import { getUserDetails } from "@/lib/accounts";
import { getSessionViewer } from "@/lib/auth/viewer";

export const metadata: Metadata = { title: "My Account", robots: { index: false } };

/**
 * The phone account menu (spec §2 /user): the same entries as the header dropdown. Only for a signed-in user —
 * proxy.ts already sends guests to /login, and this check also catches a session that ended since.
 */
export default async function UserMenuPage() {
  const viewer = await getSessionViewer();
  if (!viewer) redirect("/login?callbackUrl=%2Fuser");
  const user = await getUserDetails(viewer.id).catch(() => null);
  if (!user) redirect("/login?callbackUrl=%2Fuser");
  const isAdmin = viewer.role === "ADMIN";

  return (
    <section className="mx-auto w-full max-w-lg px-4 py-6 md:py-10">
      <h1 className="mb-4 text-2xl font-bold tracking-tight text-ink">My Account</h1>
      <div className="rounded-2xl border border-line bg-white p-3 shadow-sm">
        <AccountNav
          size="lg"
          sections={accountSections({ isAdmin })}
          identity={{ name: user.name, email: user.email, image: user.avatar || null, isAdmin }}
        />
      </div>
    </section>
  );
}
