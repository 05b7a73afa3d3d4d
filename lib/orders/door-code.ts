import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { authSecret } from "@/lib/auth/secret";
import { prisma } from "@/lib/db";

// Proof of delivery (issue 17): when an order goes out for delivery it gets a 4-digit door code the shopper reads
// to the partner, who enters it to mark the order delivered. The code is never stored. The order keeps a random
// salt and an HMAC of the code, both keyed with the server's secret: the shopper's page derives the code again from
// the salt, the partner's entry is checked against the hash, and a copy of the database alone reveals nothing (the
// 10,000 possible codes cannot be tried against the hash without the secret).

/** Wrong codes that lock the step (the partner is told to call the store, which completes it with a reason). */
export const DOOR_CODE_TRIES = 5;

export const DOOR_CODE_PATTERN = /^\d{4}$/;

/** The code of an order from its salt (4 digits, leading zeros kept). */
export function deriveDoorCode(orderId: string, salt: string): string {
  const mac = createHmac("sha256", authSecret()).update(`door-code:${orderId}:${salt}`).digest();
  return String(mac.readUInt32BE(0) % 10_000).padStart(4, "0");
}

function codeHash(orderId: string, salt: string, code: string): string {
  return createHmac("sha256", authSecret()).update(`door-code-check:${orderId}:${salt}:${code}`).digest("hex");
}

/** A new code for an order going out for delivery: the columns to store, and the code (for the shopper's e-mail). */
export function newDoorCode(orderId: string): { doorCodeSalt: string; doorCodeHash: string; code: string } {
  const doorCodeSalt = randomBytes(16).toString("base64url");
  const code = deriveDoorCode(orderId, doorCodeSalt);
  return { doorCodeSalt, doorCodeHash: codeHash(orderId, doorCodeSalt, code), code };
}

/** Whether the code a partner entered is the order's (constant time). */
export function doorCodeMatches(
  order: { id: string; doorCodeSalt: string | null; doorCodeHash: string | null },
  code: string,
): boolean {
  if (!order.doorCodeSalt || !order.doorCodeHash || !DOOR_CODE_PATTERN.test(code)) return false;
  const given = Buffer.from(codeHash(order.id, order.doorCodeSalt, code), "hex");
  const stored = Buffer.from(order.doorCodeHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}

export type DeliveryNotice =
  | { kind: "code"; code: string }
  | { kind: "ended"; reason: string }
  | null;

/**
 * What the shopper's order page says about the door step: while their order is out for delivery, its code to share;
 * for an order whose delivery ended with a reason (the customer was unavailable), that reason. Only for the order's
 * owner; anything else is null.
 */
export async function deliveryNoticeFor(userId: string, orderNumber: string): Promise<DeliveryNotice> {
  const order = await prisma.order.findUnique({
    where: { orderNumber },
    select: { id: true, userId: true, status: true, doorCodeSalt: true },
  });
  if (!order || order.userId !== userId) return null;
  if (order.status === "OUT_FOR_DELIVERY" && order.doorCodeSalt) {
    return { kind: "code", code: deriveDoorCode(order.id, order.doorCodeSalt) };
  }
  if (order.status === "CANCELLED") {
    const last = await prisma.orderEvent.findFirst({
      where: { orderId: order.id, kind: "status" },
      orderBy: { id: "desc" },
      select: { data: true },
    });
    const reason = (last?.data as { reason?: unknown } | null)?.reason;
    if (typeof reason === "string" && reason) return { kind: "ended", reason };
  }
  return null;
}
