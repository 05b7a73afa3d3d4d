import type { UserDetails } from "@/lib/accounts";

// The account in the REST contract's words (shared/api-contract.md, user-details): `_id`, verify_email,
// last_login_date, address_details, shopping_cart, orderHistory. Made here, beside the route handlers, and nowhere else.

export const toRestUserDetails = (u: UserDetails) => ({
  _id: u.id,
  name: u.name,
  email: u.email,
  avatar: u.avatar,
  mobile: u.mobile,
  verify_email: u.emailVerified,
  pending_email: u.pendingEmail,
  last_login_date: u.lastLoginAt,
  status: u.status,
  role: u.role,
  address_details: u.addresses.map((a) => ({
    _id: a.id,
    userId: a.userId,
    address_line: a.addressLine,
    city: a.city,
    state: a.state,
    country: a.country,
    pincode: a.pincode,
    mobile: a.mobile,
    status: a.active,
  })),
  shopping_cart: u.cartLines.map((c) => ({ _id: c.id, quantity: c.quantity, productId: c.productId })),
  orderHistory: u.orderIds,
});

/** `POST /api/user/register`: the new account as {_id, name, email} (never the hash). */
export const toRestRegistered = (u: { id: string; name: string; email: string }) => ({
  _id: u.id,
  name: u.name,
  email: u.email,
});
