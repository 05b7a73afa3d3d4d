import "server-only";
import { z } from "zod";
import { prisma, Prisma } from "@/lib/db";
import { AppError, isAppError } from "@/lib/errors";
import { normalisePhone, PHONE_MESSAGE } from "@/lib/phone";
import { assertNotLimited, consume } from "@/lib/rate-limit";
import { LIMITS } from "@/lib/rate-limit/limits";
import { PARTNER_SELECT, toPartner, type Partner } from "./partner";

// Delivery-partner applications (spec §2 registration modal, decisions.md): public, name and phone required,
// the phone stored as 10 digits through the shop's one normaliser, one partner per phone. Applicants start
// unavailable until an admin turns them on; `seq` is their stable "Partner #n".
// Public and unauthenticated, so limited per client address (the caller passes clientIp): well-formed applications
// (LIMITS.partnerApplicationsPerIp), and the "phone already registered" answer (409 in the REST contract), which says
// a phone belongs to a partner, far fewer times (LIMITS.partnerPhoneTakenPerIp; issue 20 #9).

export const REQUIRED_MESSAGE = "Name and phone are required";
export const DUPLICATE_PHONE_MESSAGE = "A delivery partner with this phone number is already registered";
export const NAME_MAX = 80;
export const VEHICLE_MAX = 40;

/** The request body's types; the rules (required, lengths, phone) are registerPartner's. */
export const registerPartnerBody = z.object({
  name: z.string({ error: "name must be text" }).nullish(),
  phone: z.union([z.string(), z.number()], { error: "phone must be text" }).nullish(),
  vehicle: z.string({ error: "vehicle must be text" }).nullish(),
});
export type RegisterPartnerInput = z.infer<typeof registerPartnerBody>;


const invalid = (message: string, fieldErrors: Record<string, string[]>) =>
  new AppError("VALIDATION", message, { fieldErrors });

const duplicate = () =>
  new AppError("CONFLICT", DUPLICATE_PHONE_MESSAGE, { fieldErrors: { phone: [DUPLICATE_PHONE_MESSAGE] } });

export async function registerPartner(
  input: RegisterPartnerInput,
  context: { ip: string },
): Promise<Partner> {
  const name = (input.name ?? "").trim().replace(/\s+/g, " ");
  const phoneText = input.phone === null || input.phone === undefined ? "" : String(input.phone).trim();
  if (!name || !phoneText) {
    const fieldErrors: Record<string, string[]> = {};
    if (!name) fieldErrors.name = ["Name is required"];
    if (!phoneText) fieldErrors.phone = ["Phone is required"];
    throw invalid(REQUIRED_MESSAGE, fieldErrors);
  }
  if (name.length > NAME_MAX) {
    throw invalid(`Name must be at most ${NAME_MAX} characters`, { name: [`At most ${NAME_MAX} characters`] });
  }
  const phone = normalisePhone(phoneText);
  if (!phone) throw invalid(PHONE_MESSAGE, { phone: [PHONE_MESSAGE] });
  const vehicle = (input.vehicle ?? "").trim().replace(/\s+/g, " ") || null;
  if (vehicle && vehicle.length > VEHICLE_MAX) {
    throw invalid(`Vehicle must be at most ${VEHICLE_MAX} characters`, {
      vehicle: [`At most ${VEHICLE_MAX} characters`],
    });
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
      data: { name, phone, vehicle, isAvailable: false },
      select: PARTNER_SELECT,
    });
    return toPartner(partner);
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw await phoneTaken();
    throw error;
  }
}
