"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { callAction, failureText } from "@/components/ui/use-action";
import { listAddressesAction } from "@/lib/addresses/actions";
import type { Address } from "@/lib/addresses/schema";

// The address list's client state (TanStack Query key ["addresses"]), shared by the address page and checkout.

export const ADDRESSES_QUERY_KEY = ["addresses"] as const;

export type { Address };

async function fetchAddresses(): Promise<Address[]> {
  const result = await callAction(listAddressesAction, undefined);
  if (!result.ok) {
    // a guest has no addresses
    if (result.code === "UNAUTHENTICATED") return [];
    throw new Error(failureText(result));
  }
  // spec §2: cards whose status is falsy are hidden (the server lists active ones only; this is belt and braces)
  return result.data.filter((a) => a.active);
}

/** The signed-in shopper's active addresses, newest first. `initial` comes from a server render. */
export function useAddresses(initial?: Address[]) {
  return useQuery({ queryKey: ADDRESSES_QUERY_KEY, queryFn: fetchAddresses, initialData: initial });
}

/** Refetches the address list (spec §4: after add, edit or remove). */
export function useRefetchAddresses() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: ADDRESSES_QUERY_KEY }), [queryClient]);
}
