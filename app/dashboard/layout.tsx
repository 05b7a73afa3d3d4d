import { accountSections } from "@/components/account/account-links";
import { AccountNav } from "@/components/account/account-nav";
import { SiteFooter } from "@/components/footer/site-footer";
import { SiteHeader } from "@/components/header/site-header";

export default function DashboardLayout({ children }: { children: React.ReactNode }) {
  // Sessions do not exist yet, so the admin section is listed for everyone to keep its pages reachable.
  // The accounts issue passes the viewer's role here (`isAdmin: viewer.role === "ADMIN"`).
  const sections = accountSections({ isAdmin: true });

  return (
    <>
      <SiteHeader />
      <main id="main" className="flex-1 bg-canvas">
        <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 md:grid-cols-[15rem_1fr] md:py-8">
          <aside className="hidden self-start rounded-2xl border border-line bg-white p-3 md:sticky md:top-24 md:block">
            <AccountNav sections={sections} />
          </aside>
          <div className="min-w-0 rounded-2xl border border-line bg-white p-5 md:p-8">{children}</div>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
