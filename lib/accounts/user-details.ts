import "server-only";
import { prisma } from "@/lib/db";
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
    select: {
      id: true,
      userId: true,
      addressLine: true,
      city: true,
      state: true,
      country: true,
      pincode: true,
      mobile: true,
      status: true,
    },
  },
  cartItems: { orderBy: { createdAt: "asc" }, select: { id: true, quantity: true, productId: true } },
  orders: { orderBy: { createdAt: "desc" }, select: { id: true } },
} as const;

/** The contract's user record (api-contract.md, user-details); never the password hash. */
export type UserDetails = {
  _id: string;
  name: string;
  email: string;
  avatar: string;
  mobile: string | null;
  verify_email: boolean;
  /** an e-mail change waiting for its link to be opened (issue 20 #4): the address it moves to, else null */
  pending_email: string | null;
  last_login_date: string | null;
  status: string;
  role: string;
  address_details: Array<{
    _id: string;
    userId: string;
    address_line: string;
    city: string;
    state: string;
    country: string;
    pincode: string;
    mobile: string;
    status: boolean;
  }>;
  shopping_cart: Array<{ _id: string; quantity: number; productId: string }>;
  orderHistory: string[];
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
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    avatar: user.avatar,
    mobile: user.mobile,
    verify_email: user.verifyEmail,
    pending_email: user.emailChanges[0]?.newEmail ?? null,
    last_login_date: user.lastLoginDate?.toISOString() ?? null,
    status: user.status,
    role: user.role,
    address_details: user.addresses.map((a) => ({
      _id: a.id,
      userId: a.userId,
      address_line: a.addressLine,
      city: a.city,
      state: a.state,
      country: a.country,
      pincode: a.pincode,
      mobile: a.mobile,
      status: a.status,
    })),
    shopping_cart: user.cartItems.map((c) => ({ _id: c.id, quantity: c.quantity, productId: c.productId })),
    orderHistory: user.orders.map((o) => o.id),
  };
}
