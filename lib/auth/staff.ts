import "server-only";
import { prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { getSessionViewer, getViewer, NO_PERMISSION, PLEASE_LOGIN, type Viewer } from "./viewer";

// The store's side (issue 16): who may work a store's pick list, pause it and receive its stock. A user of role STAFF
// works at one store (their StoreStaff row, not deactivated); an ADMIN works at every store. Everyone else is refused
// (403) like a non-admin on the admin screens. Which store a call touches is checked where the data is touched
// (lib/orders/picklist.ts, lib/stores/staff-work.ts): another store's order or store does not exist for a staff member.

/** A caller of the store's screens: an admin (storeId null: any store) or a staff member of one store. */
export type StoreWorker = {
  viewer: Viewer;
  /** the one store a staff member works at; null for an admin, who works at every store */
  storeId: string | null;
  /** the StoreStaff row of a staff member; null for an admin */
  staffId: string | null;
};

async function asStoreWorker(viewer: Viewer | null): Promise<StoreWorker> {
  if (!viewer) throw new AppError("UNAUTHENTICATED", PLEASE_LOGIN);
  if (viewer.role === "ADMIN") return { viewer, storeId: null, staffId: null };
  if (viewer.role !== "STAFF") throw new AppError("FORBIDDEN", NO_PERMISSION);
  const staff = await prisma.storeStaff.findUnique({
    where: { userId: viewer.id },
    select: { id: true, storeId: true, deactivatedAt: true },
  });
  if (!staff || staff.deactivatedAt) throw new AppError("FORBIDDEN", NO_PERMISSION);
  return { viewer, storeId: staff.storeId, staffId: staff.id };
}

/** Route handlers: an admin or a store's staff member, else 401 "Please login" / 403 "Do not have permission". */
export async function requireStoreWorker(request: Request): Promise<StoreWorker> {
  return asStoreWorker(await getViewer(request));
}

/** Server actions and pages: the signed-in admin or staff member, else UNAUTHENTICATED / FORBIDDEN. */
export async function requireStoreWorkerAction(): Promise<StoreWorker> {
  return asStoreWorker(await getSessionViewer());
}
