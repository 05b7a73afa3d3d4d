import "server-only";
import { prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import {
  ADDRESS_KINDS,
  addressProblem,
  type Address,
  type AddressFields,
  type AddressKind,
  type DeliveryAddress,
} from "./schema";

// Saved delivery addresses (spec §2 Address page, §3, §4). Removal is soft (status false) so that past orders
// keep their address; removed addresses are hidden everywhere. Someone else's address answers 404.

export const ADDRESS_NOT_FOUND = "Address not found";
export const MAX_ADDRESSES = 50;

const notFound = () => new AppError("NOT_FOUND", ADDRESS_NOT_FOUND);

/** The columns of an address's delivery fields (and the account's name, the receiver unless one is given). */
export const DELIVERY_ADDRESS_SELECT = {
  addressLine: true,
  city: true,
  state: true,
  country: true,
  pincode: true,
  mobile: true,
  receiverName: true,
  house: true,
  landmark: true,
  user: { select: { name: true } },
} as const;

/** The row of DELIVERY_ADDRESS_SELECT: the optional fields may be missing (null). */
type DeliveryAddressRow = Omit<DeliveryAddress, "receiverName" | "house" | "landmark"> & {
  receiverName: string | null;
  house: string | null;
  landmark: string | null;
  user: { name: string };
};

/** An address row's delivery fields, as an order copies them and the address book shows them. */
export const toDeliveryAddress = (row: DeliveryAddressRow): DeliveryAddress => ({
  addressLine: row.addressLine,
  city: row.city,
  state: row.state,
  country: row.country,
  pincode: row.pincode,
  mobile: row.mobile,
  receiverName: row.receiverName ?? row.user.name,
  house: row.house ?? "",
  landmark: row.landmark ?? "",
});

/** The columns of a saved Address (toAddress). */
export const ADDRESS_SELECT = {
  ...DELIVERY_ADDRESS_SELECT,
  id: true,
  userId: true,
  label: true,
  lat: true,
  lng: true,
  status: true,
  createdAt: true,
} as const;

type AddressRow = DeliveryAddressRow & {
  id: string;
  userId: string;
  label: string | null;
  lat: number | null;
  lng: number | null;
  status: boolean;
  createdAt: Date;
};

const asKind = (value: string | null): AddressKind | null =>
  (ADDRESS_KINDS as readonly string[]).includes(value ?? "") ? (value as AddressKind) : null;

export function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    userId: row.userId,
    ...toDeliveryAddress(row),
    label: asKind(row.label),
    lat: row.lat,
    lng: row.lng,
    needsFix: addressProblem(row),
    active: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

const columns = (fields: Partial<AddressFields>) => ({
  ...(fields.address_line !== undefined && { addressLine: fields.address_line }),
  ...(fields.city !== undefined && { city: fields.city }),
  ...(fields.state !== undefined && { state: fields.state }),
  ...(fields.country !== undefined && { country: fields.country }),
  ...(fields.pincode !== undefined && { pincode: fields.pincode }),
  ...(fields.mobile !== undefined && { mobile: fields.mobile }),
  ...(fields.receiver_name !== undefined && { receiverName: fields.receiver_name }),
  ...(fields.house !== undefined && { house: fields.house }),
  ...(fields.landmark !== undefined && { landmark: fields.landmark }),
  ...(fields.label !== undefined && { label: fields.label }),
  ...(fields.lat !== undefined && { lat: fields.lat }),
  ...(fields.lng !== undefined && { lng: fields.lng }),
});

/** The caller's active addresses, newest first. */
export async function listAddresses(userId: string): Promise<Address[]> {
  const rows = await prisma.address.findMany({
    where: { userId, status: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: ADDRESS_SELECT,
  });
  return rows.map(toAddress);
}

/** One of the caller's active addresses; NOT_FOUND for anyone else's or a removed one. */
export async function getAddress(userId: string, addressId: string): Promise<Address> {
  const row = await prisma.address.findFirst({ where: { id: addressId, userId, status: true }, select: ADDRESS_SELECT });
  if (!row) throw notFound();
  return toAddress(row);
}

/** Saves a new address for the caller (fields already validated by `addressFields`). */
export async function createAddress(userId: string, fields: AddressFields): Promise<Address> {
  const active = await prisma.address.count({ where: { userId, status: true } });
  if (active >= MAX_ADDRESSES) {
    throw new AppError("CONFLICT", `You can save at most ${MAX_ADDRESSES} addresses; remove one first`);
  }
  const row = await prisma.address.create({
    data: {
      userId,
      addressLine: fields.address_line,
      city: fields.city,
      state: fields.state,
      country: fields.country,
      pincode: fields.pincode,
      mobile: fields.mobile,
      receiverName: fields.receiver_name ?? null,
      house: fields.house ?? null,
      landmark: fields.landmark ?? null,
      label: fields.label ?? null,
      lat: fields.lat ?? null,
      lng: fields.lng ?? null,
    },
    select: ADDRESS_SELECT,
  });
  return toAddress(row);
}

/** Changes the given fields of one of the caller's active addresses; NOT_FOUND otherwise. */
export async function updateAddress(
  userId: string,
  addressId: string,
  fields: Partial<AddressFields>,
): Promise<Address> {
  const data = columns(fields);
  // owner and status in the WHERE: nobody can touch another shopper's (or a removed) address
  const { count } = await prisma.address.updateMany({
    where: { id: addressId, userId, status: true },
    data: Object.keys(data).length ? data : { status: true },
  });
  if (count === 0) throw notFound();
  return getAddress(userId, addressId);
}

/** Soft-removes one of the caller's addresses (status false). Repeating it is harmless; anyone else's is NOT_FOUND. */
export async function disableAddress(userId: string, addressId: string): Promise<void> {
  const { count } = await prisma.address.updateMany({
    where: { id: addressId, userId },
    data: { status: false },
  });
  if (count === 0) throw notFound();
}
