import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = { title: "Kwikmart", description: "Groceries at your door in 10 minutes" };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-IN">
      <body>{children}</body>
    </html>
  );
}
