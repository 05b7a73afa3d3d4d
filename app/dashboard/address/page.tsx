import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AddressBook } from "@/components/address/address-book";
import { listAddresses } from "@/lib/addresses";
import { getSessionViewer } from "@/lib/auth/viewer";

export const metadata: Metadata = { title: "Address" };

/** The shopper's saved addresses (spec §2 Address page); the list is rendered here and refetched on the client. */
export default async function AddressPage() {
  const viewer = await getSessionViewer();
  if (!viewer) redirect(`/login?callbackUrl=${encodeURIComponent("/dashboard/address")}`);
  const addresses = await listAddresses(viewer.id);
  return <AddressBook initial={addresses} />;
}
