import "server-only";
import { prisma } from "@/lib/db";
import { consume, keyPart } from "@/lib/rate-limit";
import { LIMITS } from "@/lib/rate-limit/limits";
import type { NotifyMeInput } from "./schemas";

// "Notify me" (issue 16): someone the shop does not deliver to yet leaves an e-mail and pincode; admins see the demand
// per pincode. One request per e-mail and pincode (asking again changes nothing); limited per address and e-mail.

export const notifyMeMessage = (pincode: string) =>
  `Thanks! We will e-mail you when we deliver to ${pincode}.`;

export async function requestNotification(
  input: NotifyMeInput,
  context: { ip: string; userId: string | null },
): Promise<{ email: string; pincode: string }> {
  await consume(`notify-me:ip:${context.ip}`, LIMITS.notifyMePerIp);
  await consume(`notify-me:email:${keyPart(input.email)}`, LIMITS.notifyMePerEmail);
  await prisma.serviceRequest.upsert({
    where: { email_pincode: { email: input.email, pincode: input.pincode } },
    create: { email: input.email, pincode: input.pincode, area: input.area, userId: context.userId },
    update: {},
    select: { id: true },
  });
  return { email: input.email, pincode: input.pincode };
}

export type PincodeDemand = { pincode: string; area: string | null; requests: number; lastAt: Date };

/** The "notify me" requests grouped by pincode, most asked first. */
export async function demandByPincode(): Promise<PincodeDemand[]> {
  const rows = await prisma.$queryRaw<
    { pincode: string; area: string | null; requests: number; lastAt: Date }[]
  >`
    SELECT r.pincode, COALESCE(p.area, max(r.area)) AS area, count(*)::int AS requests, max(r."createdAt") AS "lastAt"
    FROM "ServiceRequest" r LEFT JOIN "Pincode" p ON p.code = r.pincode
    GROUP BY r.pincode, p.area
    ORDER BY requests DESC, r.pincode ASC`;
  return rows;
}
