import type { Metadata } from "next";
import { OutcomeCard } from "@/components/layout/outcome-card";

export const metadata: Metadata = { title: "Success" };

// decisions.md: the text comes from ?text= and only Order or Payment are accepted (default Payment).
export default async function SuccessPage({
  searchParams,
}: {
  searchParams: Promise<{ text?: string | string[] }>;
}) {
  const { text } = await searchParams;
  const what = text === "Order" ? "Order" : "Payment";

  return <OutcomeCard tone="success" title={`${what} Successfully`} />;
}
