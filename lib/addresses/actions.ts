"use server";

import { input, userAction } from "@/lib/actions/clients";
import { createAddress, disableAddress, listAddresses, updateAddress } from "./addresses";
import { createAddressBody, disableAddressBody, updateAddressBody } from "./schema";

// The address book's calls from the shop's own screens (the address page, checkout), through the signed-in action
// client: same schemas and domain functions as the REST calls under /api/address.

/** The signed-in shopper's active addresses, newest first. */
export const listAddressesAction = userAction.action(async ({ ctx }) => ({
  message: "",
  data: await listAddresses(ctx.viewer.id),
}));

/** address_line, city, state, country, pincode, mobile. */
export const createAddressAction = userAction
  .inputSchema(input(createAddressBody))
  .action(async ({ parsedInput, ctx }) => ({
    message: "Address Created Successfully",
    data: await createAddress(ctx.viewer.id, parsedInput),
  }));

/** id plus the fields to change, on one of the shopper's own addresses. */
export const updateAddressAction = userAction
  .inputSchema(input(updateAddressBody))
  .action(async ({ parsedInput: { id, ...fields }, ctx }) => ({
    message: "Address Updated Successfully",
    data: await updateAddress(ctx.viewer.id, id, fields),
  }));

/** Soft removal (status false); the toast says the spec's fixed 'Address Remove'. */
export const disableAddressAction = userAction
  .inputSchema(input(disableAddressBody))
  .action(async ({ parsedInput, ctx }) => {
    await disableAddress(ctx.viewer.id, parsedInput.id);
    return { message: "Address Remove", data: null };
  });
