import type { Metadata } from "next";
import { PageSection } from "@/components/layout/page-section";
import { Prose } from "@/components/layout/prose";

export const metadata: Metadata = { title: "Privacy" };

export default function PrivacyPage() {
  return (
    <PageSection title="Privacy" lead="What this shop keeps about you, and why.">
      <Prose>
        <h2>What we keep</h2>
        <ul>
          <li>
            Your account: name, email, mobile number, avatar and a one-way hash of your password (never the
            password).
          </li>
          <li>The delivery addresses you save, your cart and your orders.</li>
          <li>For delivery partners: name, phone number and vehicle.</li>
        </ul>
        <h2>Why</h2>
        <p>
          Only to run the shop: to deliver your orders, let you track them, reach you about a delivery and
          keep your account secure. We do not sell your data and the shop carries no advertising trackers.
        </p>
        <h2>Cookies</h2>
        <p>
          One sign-in cookie keeps your session; it is not readable by scripts and is not used for tracking.
        </p>
        <h2>Payments and mail</h2>
        <p>
          Card payments are handled by the payment provider on its own page; the shop never sees your card
          number. Account e-mails (verification and one-time codes) go through a mail delivery service.
        </p>
        <h2>Your choices</h2>
        <p>
          You can edit your profile and remove saved addresses at any time, or ask the operator to delete your
          account.
        </p>
      </Prose>
    </PageSection>
  );
}
