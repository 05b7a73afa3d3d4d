"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { toast } from "@/components/ui/toast";

export const VERIFIED_MESSAGE = "Your e-mail is verified";
export const NOT_VERIFIED_MESSAGE = "This verification link is invalid or has expired";

/** The outcome of the e-mail verification link (`?verified=1|0`), once, then the query is dropped. */
export function VerifiedToast({ verified }: { verified: "1" | "0" }) {
  const router = useRouter();

  useEffect(() => {
    if (verified === "1") toast.success(VERIFIED_MESSAGE, { id: "email-verified" });
    else toast.error(NOT_VERIFIED_MESSAGE, { id: "email-verified" });
    router.replace("/dashboard/profile", { scroll: false });
  }, [verified, router]);

  return null;
}
