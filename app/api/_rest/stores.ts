import "server-only";
import { z } from "zod";
import { restStoreId } from "@/lib/stores/current";

// Which store a catalogue or cart call is about (issue 16, "Data, API and defaults"): the `X-Store-Id` header, else a
// `storeId` body field, else a `?storeId=` query parameter; without any, the default store. An id that names no
// store answers 400 (lib/stores/current.ts, unknownStoreMessage). It only chooses whose stock is shown and checked:
// the store that sells is derived from the delivery address at checkout.

export const STORE_HEADER = "x-store-id";

/** The optional `storeId` of a body (its own messages; whether it names a store is checked by requestStoreId). */
export const restStoreIdField = z
  .string({ error: "storeId must be text" })
  .max(64, "storeId is not a valid store id")
  .optional();

/** The store a REST call names (header, body field, query parameter), checked; else the default store. */
export function requestStoreId(request: Request, bodyStoreId?: string): Promise<string> {
  const field = bodyStoreId?.trim() || new URL(request.url).searchParams.get("storeId")?.trim() || undefined;
  return restStoreId(request.headers.get(STORE_HEADER), field);
}
