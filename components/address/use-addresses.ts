"use client";

import { useCallback } from "react";
import { registerUserReset } from "@/components/auth/session-sync";
import { createResource, useResource, useSeed } from "@/components/ui/client-resource";
import { tellUnseenFailure } from "@/components/ui/unseen-failures";
import { callAction, failureText } from "@/components/ui/use-action";
import { listAddressesAction } from "@/lib/addresses/actions";
import type { Address } from "@/lib/addresses/schema";

// The address list's client state, shared by the address page, checkout and the location sheet: a client resource
// (components/ui/client-resource.ts) rather than a TanStack query, so checkout's first load carries no TanStack.

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

const addressesResource = createResource<Address[]>({
  fetch: fetchAddresses,
  staleTime: 30_000,
  // a list that could not be read after its retries: the shopper is told (components/ui/unseen-failures.ts)
  onError: tellUnseenFailure,
});

// a login, a logout or another account starts from the new user's addresses
if (typeof window !== "undefined") registerUserReset(() => addressesResource.reset());

/** The signed-in shopper's active addresses, newest first. `initial` comes from a server render. */
export function useAddresses(initial?: Address[]) {
  useSeed(addressesResource, initial);
  const state = useResource(addressesResource);
  // a server render and hydration read "pending": the page's own list is shown until the tab's
  const data = state.data ?? initial;
  const isError = state.status === "error";
  return {
    data,
    isPending: data === undefined && !isError,
    isError,
    error: isError ? (state.error instanceof Error ? state.error : new Error(String(state.error))) : null,
  };
}

/** Refetches the address list (spec §4: after add, edit or remove). */
export function useRefetchAddresses() {
  return useCallback(() => addressesResource.invalidate(), []);
}
