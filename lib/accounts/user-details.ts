import "server-only";
import { prisma } from "@/lib/db";
import { ADDRESS_SELECT, toAddress } from "@/lib/addresses";
import type { Address } from "@/lib/addresses/schema";
import { AppError } from "@/lib/errors";

const select = {
  id: true,
  name: true,
  email: true,
  avatar: true,
  mobile: true,
  verifyEmail: true,
  lastLoginDate: true,
  status: true,
  role: true,
  addresses: {
    where: { status: true },
    orderBy: { createdAt: "asc" },
    select: ADDRESS_SELECT,
  },
  cartItems: { orderBy: { createdAt: "asc" }, select: { id: true, quantity: true, productId: true } },
  orders: { orderBy: { createdAt: "desc" }, select: { id: true } },
} as const;

/**
 * The account as its owner sees it, never the password hash: its active addresses, its cart lines (by product id)
 * and its orders' ids. The REST user record (verify_email, address_details, shopping_cart …) is made from it at the
 * edge (app/api/_rest/accounts.ts).
 */
export type UserDetails = {
  id: string;
  name: string;
  email: string;
  avatar: string;
  mobile: string | null;
  emailVerified: boolean;
  /** an e-mail change waiting for its link to be opened (issue 20 #4): the address it moves to, else null */
  pendingEmail: string | null;
  /** ISO 8601 */
  lastLoginAt: string | null;
  status: string;
  role: string;
  /** the active ones, oldest first */
  addresses: Address[];
  cartLines: Array<{ id: string; quantity: number; productId: string }>;
  orderIds: string[];
};

export async function getUserDetails(userId: string): Promise<UserDetails> {
  const user = await prisma.user.findUnique({
    where: { id: userId },
    select: {
      ...select,
      emailChanges: {
        where: { verifiedAt: null, cancelledAt: null, undoneAt: null, verifyExpiresAt: { gt: new Date() } },
        orderBy: { createdAt: "desc" },
        take: 1,
        select: { newEmail: true },
      },
    },
  });
  if (!user) throw new AppError("NOT_FOUND", "User not found");
  const { addresses, cartItems, orders, verifyEmail, lastLoginDate, emailChanges, ...account } = user;
  return {
    ...account,
    emailVerified: verifyEmail,
    pendingEmail: emailChanges[0]?.newEmail ?? null,
    lastLoginAt: lastLoginDate?.toISOString() ?? null,
    addresses: addresses.map(toAddress),
    cartLines: cartItems,
    orderIds: orders.map((o) => o.id),
  };
}
