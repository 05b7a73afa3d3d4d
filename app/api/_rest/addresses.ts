import { z } from "zod";
import { addressFields, addressIdField, bothOrNeither, type Address, type DeliveryAddress } from "@/lib/addresses/schema";

// Addresses in the REST contract's words (shared/api-contract.md, spec §3 Address): `_id`, address_line,
// receiver_name, needs_fix, status. The order's delivery_address and the user details' address_details use the same
// field names. Made here, beside the route handlers, and nowhere else.

export const toRestDeliveryAddress = (a: DeliveryAddress) => ({
  address_line: a.addressLine,
  city: a.city,
  state: a.state,
  country: a.country,
  pincode: a.pincode,
  mobile: a.mobile,
  receiver_name: a.receiverName,
  house: a.house,
  landmark: a.landmark,
});

export const toRestAddress = (a: Address) => ({
  _id: a.id,
  userId: a.userId,
  ...toRestDeliveryAddress(a),
  label: a.label,
  lat: a.lat,
  lng: a.lng,
  needs_fix: a.needsFix,
  status: a.active,
  createdAt: a.createdAt,
});

/** `PUT /api/address/update`: `_id` plus the fields to change; `userId` is ignored. */
export const restUpdateAddressSchema = addressFields
  .partial()
  .extend({ _id: addressIdField("_id") })
  .superRefine(bothOrNeither)
  .transform(({ _id, ...fields }) => ({ id: _id, fields }));

/** `DELETE /api/address/disable`: `_id`. */
export const restDisableAddressSchema = z.object({ _id: addressIdField("_id") }).transform(({ _id }) => ({ id: _id }));
