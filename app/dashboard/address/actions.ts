"use server";

import {
  createAddress,
  createAddressBody,
  disableAddress,
  disableAddressBody,
  listAddresses,
  updateAddress,
  updateAddressBody,
  type AddressDto,
} from "@/lib/addresses";
import { requireUserAction } from "@/lib/auth/viewer";
import { parseWith } from "@/lib/http/respond";
import { inActionContext } from "@/lib/log";
import { actionError } from "@/lib/action-failure";

// The address book's calls from the shop's own screens (the address page, checkout). The viewer comes from the
// session cookie; each action parses with the shared schema, calls the lib/addresses function and answers
// { ok, message, data | fieldErrors } for a toast. Actions never throw to the client.

export type AddressActionResult<T> =
  | { ok: true; message: string; data: T }
  | { ok: false; message: string; status: number; fieldErrors?: Record<string, string[]> };

async function run<T>(
  work: (userId: string) => Promise<{ message: string; data: T }>,
): Promise<AddressActionResult<T>> {
  return inActionContext(async () => {
    try {
      const viewer = await requireUserAction();
      const { message, data } = await work(viewer.id);
      return { ok: true, message, data };
    } catch (caught) {
      const error = actionError(caught, "address action");
      return { ok: false, message: error.message, status: error.status, fieldErrors: error.fieldErrors };
    }
  });
}


/** The signed-in shopper's active addresses, newest first. */
export async function listAddressesAction(): Promise<AddressActionResult<AddressDto[]>> {
  return run(async (userId) => ({ message: "Addresses", data: await listAddresses(userId) }));
}

/** address_line, city, state, country, pincode, mobile. */
export async function createAddressAction(input: unknown): Promise<AddressActionResult<AddressDto>> {
  return run(async (userId) => ({
    message: "Address Created Successfully",
    data: await createAddress(userId, parseWith(createAddressBody, input)),
  }));
}

/** _id plus the fields to change, on one of the shopper's own addresses. */
export async function updateAddressAction(input: unknown): Promise<AddressActionResult<AddressDto>> {
  return run(async (userId) => {
    const { _id, ...fields } = parseWith(updateAddressBody, input);
    return { message: "Address Updated Successfully", data: await updateAddress(userId, _id, fields) };
  });
}

/** Soft removal (status false). */
export async function disableAddressAction(addressId: unknown): Promise<AddressActionResult<null>> {
  return run(async (userId) => {
    const { _id } = parseWith(disableAddressBody, { _id: addressId });
    await disableAddress(userId, _id);
    return { message: "Address Remove", data: null };
  });
}
