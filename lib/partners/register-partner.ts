import "server-only";
import { prisma, Prisma } from "@/lib/db";
import { AppError, isAppError } from "@/lib/errors";
import { assertNotLimited, consume } from "@/lib/rate-limit";
import { LIMITS } from "@/lib/rate-limit/limits";
import { findStore } from "@/lib/stores";
import { unknownStoreMessage } from "@/lib/stores/current";
import { PARTNER_SELECT, toPartner, type Partner } from "./partner";
import type { PartnerApplication } from "./schema";

// Delivery-partner applications (spec §2 registration modal, decisions.md): public, checked by ./schema.ts (name and
// phone required, the phone stored as 10 digits through the shop's one normaliser), one partner per phone. Applicants start
// unavailable until an admin turns them on; `seq` is their stable "Partner #n".
// Public and unauthenticated, so limited per client address (the caller passes clientIp): well-formed applications
// (LIMITS.partnerApplicationsPerIp), and the "phone already registered" answer (409 in the REST contract), which says
// a phone belongs to a partner, far fewer times (LIMITS.partnerPhoneTakenPerIp; issue 20 #9).

export { REQUIRED_MESSAGE } from "./schema";
export const DUPLICATE_PHONE_MESSAGE = "A delivery partner with this phone number is already registered";


const duplicate = () =>
  new AppError("CONFLICT", DUPLICATE_PHONE_MESSAGE, { fieldErrors: { phone: [DUPLICATE_PHONE_MESSAGE] } });

/**
 * Registers an application already checked by partnerApplicationSchema (at the REST call or the server action). The
 * optional e-mail (lower-case) is where the invitation goes once approved; the optional store must exist (400
 * "Unknown store: <id>" otherwise) and is the store the partner will ride for.
 */
export async function registerPartner(
  { name, phone, vehicle, email, storeId }: PartnerApplication,
  context: { ip: string },
): Promise<Partner> {
  if (storeId && !(await findStore(storeId))) {
    const message = unknownStoreMessage(storeId);
    throw new AppError("VALIDATION", message, { fieldErrors: { storeId: [message] } });
  }
  // a rejected body stores nothing, so only well-formed applications count
  await consume(`partner-apply:ip:${context.ip}`, LIMITS.partnerApplicationsPerIp);
  const takenKey = `partner-taken:ip:${context.ip}`;
  await assertNotLimited(takenKey, LIMITS.partnerPhoneTakenPerIp);
  const phoneTaken = async () => {
    // counted, not enforced here: this caller still learns "taken" once, the next one from the address is refused
    await consume(takenKey, LIMITS.partnerPhoneTakenPerIp).catch((error: unknown) => {
      if (!isAppError(error)) throw error;
    });
    return duplicate();
  };

  // checked first so that a repeated application does not burn a sequence number (Partner #n stays gap-free
  // in the common case); the unique index still decides when two arrive at once
  const existing = await prisma.deliveryPartner.findUnique({ where: { phone }, select: { id: true } });
  if (existing) throw await phoneTaken();
  try {
    const partner = await prisma.deliveryPartner.create({
      data: { name, phone, vehicle, email, storeId, isAvailable: false },
      select: PARTNER_SELECT,
    });
    return toPartner(partner);
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw await phoneTaken();
    throw error;
  }
}
