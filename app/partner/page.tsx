import type { Metadata } from "next";
import { NotForAccount } from "@/components/layout/not-for-account";
import { PartnerApp } from "@/components/partner/partner-app";
import { appCaller } from "@/lib/auth/app-caller";
import { requirePartnerAction } from "@/lib/auth/partner";
import { partnerHome } from "@/lib/partners/app";

export const metadata: Metadata = { title: "Deliveries" };

// The partner's home: its state comes from the server on every load (a reload loses nothing). A guest signs in
// first and comes back; anyone else is told the app is for delivery partners.
export default async function PartnerPage() {
  const { viewer, caller: partner } = await appCaller("/partner", requirePartnerAction);
  if (!partner)
    return (
      <NotForAccount title="Kwikmart Partner" testId="partner-only">
        <p className="text-lg">
          This app is for Kwikmart delivery partners. Your account ({viewer.email}) is not a partner account.
        </p>
        <p className="text-base text-slate-700">
          Want to deliver with us? Apply from the shop&apos;s home page; once approved you get an e-mail to set up your
          partner login.
        </p>
      </NotForAccount>
    );
  return (
    <main id="main" className="flex flex-1 flex-col">
      <PartnerApp initial={await partnerHome(partner)} />
    </main>
  );
}
