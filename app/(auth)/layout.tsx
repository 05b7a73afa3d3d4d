import { SiteHeader } from "@/components/header/site-header";
import { LocationRoot } from "@/components/location/location-root";

export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <LocationRoot>
      <SiteHeader />
      <main
        id="main"
        className="flex flex-1 items-start justify-center bg-canvas px-4 py-10 md:items-center md:py-16"
      >
        {children}
      </main>
    </LocationRoot>
  );
}
