import type { Metadata, Viewport } from "next";

// The partner app (issue 17): its own installable shell, phone first, with none of the shop's header or footer.
export const metadata: Metadata = {
  title: { default: "Kwikmart Partner", template: "%s | Kwikmart Partner" },
  manifest: "/partner/manifest.webmanifest",
  applicationName: "Kwikmart Partner",
  appleWebApp: { capable: true, title: "Kwik Partner", statusBarStyle: "default" },
  icons: { icon: "/icon.svg", apple: "/partner/icon-192.png" },
};

export const viewport: Viewport = {
  themeColor: "#0c831f",
  width: "device-width",
  initialScale: 1,
};

export default function PartnerLayout({ children }: { children: React.ReactNode }) {
  return (
    // each page brings its own <main> (the invitation page is another engineer's and has one)
    <div className="mx-auto flex min-h-dvh w-full max-w-md flex-1 flex-col bg-white text-slate-950">{children}</div>
  );
}
