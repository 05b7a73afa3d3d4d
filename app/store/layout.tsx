import type { Metadata, Viewport } from "next";

// The store's screen (issue 16): the dark store's pick list, pause and receiving, on the picker's phone first, with
// none of the shop's header or footer (like the partner app).
export const metadata: Metadata = {
  title: { default: "Kwikmart Store", template: "%s | Kwikmart Store" },
  robots: { index: false, follow: false },
};

export const viewport: Viewport = {
  themeColor: "#0c831f",
  width: "device-width",
  initialScale: 1,
};

export default function StoreLayout({ children }: { children: React.ReactNode }) {
  // each page brings its own <main>
  return <div className="mx-auto flex min-h-dvh w-full max-w-xl flex-1 flex-col bg-white text-slate-950">{children}</div>;
}
