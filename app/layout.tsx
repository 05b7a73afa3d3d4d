import type { Metadata, Viewport } from "next";
import localFont from "next/font/local";
import { Providers } from "@/components/providers";
import "./globals.css";

// Self-hosted: next/font/google downloads at build time and fails offline.
const inter = localFont({
  src: "../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  weight: "100 900",
  style: "normal",
  display: "swap",
  variable: "--font-inter",
});

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
    <html lang="en-IN" className={inter.variable}>
      <body className="flex min-h-dvh flex-col">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
