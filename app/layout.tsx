import type { Metadata, Viewport } from "next";
import { Providers } from "@/components/providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Kwikmart — groceries at your door in 10 minutes", template: "%s | Kwikmart" },
  description:
    "Kwikmart delivers groceries to your door in 10 minutes: superfast delivery, best prices and offers, and a wide assortment of 5000+ products.",
  applicationName: "Kwikmart",
  icons: { icon: "/icon.svg" },
};

export const viewport: Viewport = {
  themeColor: "#0c831f",
};

// Every page is rendered per request: its scripts must carry that request's CSP nonce (proxy.ts), which a page
// prerendered at build time (/cart, /about, /privacy …) cannot know, and the browser would refuse its scripts.
export const dynamic = "force-dynamic";

export default function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  return (
    <html lang="en-IN">
      <body className="flex min-h-dvh flex-col">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
