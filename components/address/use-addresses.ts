"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { listAddressesAction } from "@/app/dashboard/address/actions";
import type { AddressDto } from "@/lib/addresses/schema";

// The address list's client state (TanStack Query key ["addresses"]), shared by the address page and checkout.

export const ADDRESSES_QUERY_KEY = ["addresses"] as const;

export type Address = AddressDto;

async function fetchAddresses(): Promise<AddressDto[]> {
  const result = await listAddressesAction();
  if (!result.ok) {
    // a guest has no addresses (spec §8: address loading fails silently)
    if (result.status === 401) return [];
    throw new Error(result.message);
  }
  // spec §2: cards whose status is falsy are hidden (the server lists active ones only; this is belt and braces)
  return result.data.filter((a) => a.status);
}

/** The signed-in shopper's active addresses, newest first. `initial` comes from a server render. */
export function useAddresses(initial?: AddressDto[]) {
  return useQuery({ queryKey: ADDRESSES_QUERY_KEY, queryFn: fetchAddresses, initialData: initial });
}

/** Refetches the address list (spec §4: after add, edit or remove). */
export function useRefetchAddresses() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: ADDRESSES_QUERY_KEY }), [queryClient]);
}
