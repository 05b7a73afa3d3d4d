import "server-only";
import { recordAudit, type AuditActor, type AuditValues } from "@/lib/audit";
import { Prisma, runTx, type Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { now } from "@/lib/ops/clock";
import {
  HOURS_EQUAL_MESSAGE,
  STORE_ID_PATTERN,
  type CreateStoreInput,
  type PauseStoreInput,
  type UpdateStoreInput,
} from "./schemas";
import { invalidateStoreTable, storeTable } from "./table";
import { summarize, type StoreSummary } from "./lookup";

// The admin's side of stores (issue 16): create, edit, pause/resume with a reason, delete. Each change is one
// transaction with its audit entry (lib/audit) and drops this process's store table (other instances follow within
// its TTL). A store with open orders cannot be deleted (409); the default store cannot be deleted or un-defaulted,
// only replaced by making another store the default.

export const STORE_NOT_FOUND = "Store not found";
export const OPEN_ORDER_STATUSES = ["PENDING_PAYMENT", "PLACED", "PACKED", "OUT_FOR_DELIVERY"] as const;

const storeSelect = {
  id: true,
  name: true,
  area: true,
  address: true,
  lat: true,
  lng: true,
  radiusKm: true,
  pickers: true,
  opensAt: true,
  closesAt: true,
  paused: true,
  pausedReason: true,
  isDefault: true,
} as const;

type Locked = {
  id: string;
  name: string;
  area: string;
  address: string;
  lat: number;
  lng: number;
  radiusKm: number;
  pickers: number;
  opensAt: number;
  closesAt: number;
  paused: boolean;
  pausedReason: string | null;
  isDefault: boolean;
};

async function lockStore(tx: Tx, id: string): Promise<Locked> {
  const rows = await tx.$queryRaw<Locked[]>`
    SELECT id, name, area, address, lat, lng, "radiusKm", pickers, "opensAt", "closesAt", paused, "pausedReason",
           "isDefault"
    FROM "Store" WHERE id = ${id} FOR UPDATE`;
  const row = rows[0];
  if (!row) throw new AppError("NOT_FOUND", STORE_NOT_FOUND);
  return row;
}

async function pincodesOf(tx: Tx, id: string): Promise<string[]> {
  const rows = await tx.storePincode.findMany({ where: { storeId: id }, select: { pincode: true } });
  return rows.map((r) => r.pincode).sort();
}

/** The store as the lookups see it, after the change. */
async function fresh(id: string): Promise<StoreSummary> {
  invalidateStoreTable();
  const row = (await storeTable()).byId.get(id);
  if (!row) throw new AppError("NOT_FOUND", STORE_NOT_FOUND);
  return summarize(row);
}

/** An id from the name: "Kwikmart HSR Layout" → "kwikmart-hsr-layout" (at most 32 characters). */
export function storeIdFromName(name: string): string {
  const slug = name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 32)
    .replace(/-+$/g, "");
  return STORE_ID_PATTERN.test(slug) ? slug : "";
}

const label = (s: { name: string; id: string }) => `${s.name} (${s.id})`;

export async function createStore(actor: AuditActor, input: CreateStoreInput): Promise<StoreSummary> {
  const id = input._id ?? storeIdFromName(input.name);
  if (!id) throw new AppError("VALIDATION", "_id: give an id of lower-case letters, digits and hyphens");
  const { _id: _ignored, pincodes, isDefault, ...fields } = input;
  try {
    await runTx(async (tx) => {
      if (isDefault) await tx.store.updateMany({ where: { isDefault: true }, data: { isDefault: false } });
      const any = await tx.store.count();
      await tx.store.create({ data: { id, ...fields, isDefault: isDefault || any === 0 } });
      if (pincodes.length)
        await tx.storePincode.createMany({ data: pincodes.map((pincode) => ({ storeId: id, pincode })) });
      await recordAudit(tx, {
        actor,
        action: "store.create",
        subject: { type: "store", id, label: label({ id, name: fields.name }) },
        after: { ...fields, isDefault, pincodes } as AuditValues,
      });
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new AppError("CONFLICT", `A store with the id "${id}" already exists; choose another _id`);
    }
    throw error;
  }
  return fresh(id);
}

export async function updateStore(actor: AuditActor, input: UpdateStoreInput): Promise<StoreSummary> {
  const { _id: id, pincodes, isDefault, ...changes } = input;
  await runTx(async (tx) => {
    const current = await lockStore(tx, id);
    const opensAt = changes.opensAt ?? current.opensAt;
    const closesAt = changes.closesAt ?? current.closesAt;
    if (opensAt === closesAt) throw new AppError("VALIDATION", `closesAt: ${HOURS_EQUAL_MESSAGE}`);
    if (isDefault === false && current.isDefault) {
      throw new AppError("CONFLICT", "This is the default store; make another store the default instead");
    }
    const currentPins = await pincodesOf(tx, id);
    const radiusKm = changes.radiusKm ?? current.radiusKm;
    if (radiusKm === 0 && (pincodes ?? currentPins).length === 0) {
      throw new AppError(
        "VALIDATION",
        "radiusKm: Give a service radius above 0 km or a list of served pincodes",
      );
    }
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(changes) as [keyof Locked, unknown][]) {
      if (value !== undefined && current[key] !== value) {
        before[key] = current[key];
        after[key] = value;
      }
    }
    if (pincodes && pincodes.join() !== currentPins.join()) {
      before.pincodes = currentPins;
      after.pincodes = pincodes;
      await tx.storePincode.deleteMany({ where: { storeId: id } });
      if (pincodes.length)
        await tx.storePincode.createMany({ data: pincodes.map((pincode) => ({ storeId: id, pincode })) });
    }
    if (isDefault && !current.isDefault) {
      before.isDefault = false;
      after.isDefault = true;
      await tx.store.updateMany({ where: { isDefault: true }, data: { isDefault: false } });
    }
    await tx.store.update({
      where: { id },
      data: { ...changes, ...(isDefault ? { isDefault: true } : {}) },
      select: storeSelect,
    });
    if (Object.keys(after).length) {
      await recordAudit(tx, {
        actor,
        action: "store.update",
        subject: { type: "store", id, label: label({ id, name: changes.name ?? current.name }) },
        before: before as AuditValues,
        after: after as AuditValues,
      });
    }
  });
  return fresh(id);
}

/** Pauses (with a reason) or resumes a store; repeating the current state changes nothing and records nothing. */
export async function pauseStore(actor: AuditActor, input: PauseStoreInput): Promise<StoreSummary> {
  await runTx(async (tx) => {
    const current = await lockStore(tx, input._id);
    const reason = input.paused ? input.reason : null;
    if (current.paused === input.paused && current.pausedReason === reason) return;
    await tx.store.update({
      where: { id: current.id },
      data: { paused: input.paused, pausedReason: reason, pausedAt: input.paused ? now() : null },
    });
    await recordAudit(tx, {
      actor,
      action: "store.pause",
      subject: { type: "store", id: current.id, label: label(current) },
      before: { paused: current.paused, pausedReason: current.pausedReason },
      after: { paused: input.paused, pausedReason: reason },
    });
  });
  return fresh(input._id);
}

/** The answer to a pause or a resume (the Stores screen's and the store screen's). */
export const pausedMessage = (store: StoreSummary) =>
  store.paused ? `${store.name} paused: shoppers see it now` : `${store.name} resumed`;

export const openOrdersMessage = (name: string, n: number) =>
  `${name} has ${n} open ${n === 1 ? "order" : "orders"}; pause it instead, and delete it once ${n === 1 ? "it is" : "they are"} delivered or cancelled`;

/** Deletes a store without open orders (its stock rows and pincodes go with it; past orders keep no store). */
export async function deleteStore(actor: AuditActor, id: string): Promise<{ id: string; name: string }> {
  const deleted = await runTx(async (tx) => {
    const current = await lockStore(tx, id);
    if (current.isDefault) {
      throw new AppError(
        "CONFLICT",
        "This is the default store; make another store the default before deleting it",
      );
    }
    // the row lock: checkout (next step) takes this row FOR SHARE before placing an order, so none slips in after the count
    const open = await tx.order.count({ where: { storeId: id, status: { in: [...OPEN_ORDER_STATUSES] } } });
    if (open > 0) throw new AppError("CONFLICT", openOrdersMessage(current.name, open));
    const pins = await pincodesOf(tx, id);
    await tx.store.delete({ where: { id } });
    await recordAudit(tx, {
      actor,
      action: "store.delete",
      subject: { type: "store", id, label: label(current) },
      before: {
        name: current.name,
        area: current.area,
        address: current.address,
        radiusKm: current.radiusKm,
        pincodes: pins,
      },
    });
    return { id, name: current.name };
  });
  invalidateStoreTable();
  return deleted;
}
