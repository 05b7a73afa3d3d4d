import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AlertIcon, DevicesIcon, LockIcon, UserIcon } from "@/components/ui/icons";
import { DashboardPanel } from "@/components/layout/dashboard-panel";
import { AvatarEditor } from "@/components/profile/avatar-editor";
import { ChangePasswordForm } from "@/components/profile/change-password-form";
import { DeleteAccountForm, LogoutAllButton } from "@/components/profile/account-danger";
import { ProfileCard } from "@/components/profile/profile-card";
import { ProfileForm } from "@/components/profile/profile-form";
import { VerifiedToast } from "@/components/profile/verified-toast";
import { getUserDetails } from "@/lib/accounts";
import { getSessionViewer } from "@/lib/auth/viewer";

export const metadata: Metadata = { title: "Profile", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ProfilePage({ searchParams }: Props) {
  const viewer = await getSessionViewer();
  if (!viewer) redirect("/login?callbackUrl=%2Fdashboard%2Fprofile");
  const [user, params] = await Promise.all([getUserDetails(viewer.id).catch(() => null), searchParams]);
  if (!user) redirect("/login?callbackUrl=%2Fdashboard%2Fprofile");
  const verified = params.verified === "1" || params.verified === "0" ? params.verified : null;

  return (
    <DashboardPanel title="Profile" lead="Your name, email, mobile number and picture.">
      {verified && <VerifiedToast verified={verified} />}
      <div className="flex flex-col gap-6">
        <ProfileCard
          title="Personal details"
          lead="Name, email and mobile number used for your orders."
          icon={<UserIcon className="size-5" />}
          labelledBy="profile-details"
        >
          <div className="flex flex-col gap-6">
            <AvatarEditor name={user.name} email={user.email} avatar={user.avatar} />
            <div className="border-t border-line pt-6">
              <ProfileForm
                initial={{ name: user.name, email: user.email, mobile: user.mobile ?? "" }}
                verified={user.emailVerified}
                pendingEmail={user.pendingEmail}
              />
            </div>
          </div>
        </ProfileCard>

        <ProfileCard
          title="Change password"
          lead="You stay logged in here; every other device is logged out."
          icon={<LockIcon className="size-5" />}
          labelledBy="profile-password"
        >
          <ChangePasswordForm email={user.email} />
        </ProfileCard>

        <ProfileCard
          title="Devices"
          lead="Lost a phone or used a shared computer? End every session of your account, this one included."
          icon={<DevicesIcon className="size-5" />}
          labelledBy="profile-devices"
        >
          <LogoutAllButton />
        </ProfileCard>

        <ProfileCard
          title="Delete account"
          lead="Permanently delete your Kwikmart account."
          tone="danger"
          icon={<AlertIcon className="size-5" />}
          labelledBy="profile-delete"
        >
          <DeleteAccountForm />
        </ProfileCard>
      </div>
    </DashboardPanel>
  );
}
