import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { PartnerApp } from "@/components/partner/partner-app";
import { requirePartnerAction } from "@/lib/auth/partner";
import { getSessionViewer } from "@/lib/auth/viewer";
import { isAppError } from "@/lib/errors";
import { partnerHome } from "@/lib/partners/app";

export const metadata: Metadata = { title: "Deliveries" };

// The partner's home: its state comes from the server on every load (a reload loses nothing). A guest signs in
// first and comes back; anyone else is told the app is for delivery partners.
export default async function PartnerPage() {
  const viewer = await getSessionViewer();
  if (!viewer) redirect(`/login?callbackUrl=${encodeURIComponent("/partner")}`);
  let partner;
  try {
    partner = await requirePartnerAction();
  } catch (error) {
    if (isAppError(error) && (error.code === "FORBIDDEN" || error.code === "UNAUTHENTICATED")) {
      return (
        <main id="main" className="flex flex-1 flex-col justify-center gap-4 p-6" data-testid="partner-only">
          <h1 className="text-2xl font-bold">Kwikmart Partner</h1>
          <p className="text-lg">
            This app is for Kwikmart delivery partners. Your account ({viewer.email}) is not a partner account.
          </p>
          <p className="text-base text-slate-700">
            Want to deliver with us? Apply from the shop&apos;s home page; once approved you get an e-mail to set up
            your partner login.
          </p>
          <Link
            href="/"
            className="flex min-h-12 items-center justify-center rounded-xl bg-slate-900 px-5 text-lg font-bold text-white"
          >
            Go to the shop
          </Link>
        </main>
      );
    }
    throw error;
  }
  return (
    <main id="main" className="flex flex-1 flex-col">
      <PartnerApp initial={await partnerHome(partner)} />
    </main>
  );
}
