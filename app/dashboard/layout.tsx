import { accountSections } from "@/components/account/account-links";
import { AccountNav } from "@/components/account/account-nav";
import { SiteFooter } from "@/components/footer/site-footer";
import { SiteHeader } from "@/components/header/site-header";
import { LocationRoot } from "@/components/location/location-root";
import { QueryProvider } from "@/components/ui/query-provider";
import { getSessionViewer } from "@/lib/auth/viewer";

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const viewer = await getSessionViewer();
  const sections = accountSections({ isAdmin: viewer?.role === "ADMIN" });

  return (
    <LocationRoot>
      <SiteHeader />
      <main id="main" className="flex-1 bg-canvas">
        <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 md:grid-cols-[15rem_1fr] md:py-8">
          <aside className="hidden self-start rounded-2xl border border-line bg-white p-3 md:sticky md:top-24 md:block">
            <AccountNav sections={sections} />
          </aside>
          <div className="min-w-0 rounded-2xl border border-line bg-white p-5 md:p-8">
            {/* the account and admin screens keep their lists in TanStack Query; the shop's pages load none of it */}
            <QueryProvider>{children}</QueryProvider>
          </div>
        </div>
      </main>
      <SiteFooter />
    </LocationRoot>
  );
}
