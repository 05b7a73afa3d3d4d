import "server-only";
import { prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { getSessionViewer, getViewer, NO_PERMISSION, PLEASE_LOGIN, type Viewer } from "./viewer";

// The partner app's callers (issue 17): a signed-in user of role PARTNER whose DeliveryPartner row is theirs and not
// deactivated. Shoppers and admins are refused here (403) like a partner is refused on the admin screens: an admin
// forces availability on the dashboard, never through the partner's own calls.

/** A partner caller: who they are and which rider row and store they act for. */
export type PartnerViewer = {
  viewer: Viewer;
  partnerId: string;
  /** the store the partner rides for (null: placed at no store yet, counted as the default store's) */
  storeId: string | null;
  name: string;
};

async function asPartner(viewer: Viewer | null): Promise<PartnerViewer> {
  if (!viewer) throw new AppError("UNAUTHENTICATED", PLEASE_LOGIN);
  if (viewer.role !== "PARTNER") throw new AppError("FORBIDDEN", NO_PERMISSION);
  const partner = await prisma.deliveryPartner.findUnique({
    where: { userId: viewer.id },
    select: { id: true, storeId: true, name: true, deactivatedAt: true },
  });
  if (!partner || partner.deactivatedAt) throw new AppError("FORBIDDEN", NO_PERMISSION);
  return { viewer, partnerId: partner.id, storeId: partner.storeId, name: partner.name };
}

/** Route handlers: the calling partner, else 401 "Please login" / 403 "Do not have permission". */
export async function requirePartner(request: Request): Promise<PartnerViewer> {
  return asPartner(await getViewer(request));
}

/** Server actions and pages: the signed-in partner, else UNAUTHENTICATED / FORBIDDEN. */
export async function requirePartnerAction(): Promise<PartnerViewer> {
  return asPartner(await getSessionViewer());
}
