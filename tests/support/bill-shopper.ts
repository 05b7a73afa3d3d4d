import { randomInt, randomUUID } from "node:crypto";
import { PUT as statusRoute } from "@/app/api/order/status/route";
import { issueTokenPair } from "@/lib/auth/tokens";
import { prisma } from "@/lib/db";
import { call, uniqueEmail } from "../fakes/accounts-api";

/**
 * A new shopper with an access token, a saved address and one product (at `pricePaise`, 20 in stock) in the cart, and
 * the body the seed's original SPA sends to place it: its cart lines and item totals, no fees.
 */
export async function shopperWithCart(pricePaise: number, quantity = 1) {
  const tag = randomUUID().slice(0, 6);
  const product = await prisma.product.create({
    data: { name: `Bill Atta ${tag}`, images: [], unit: "1 kg", stock: 20, pricePaise, discount: 0, description: "t" },
  });
  const user = await prisma.user.create({
    data: { name: "Bill Shopper", email: uniqueEmail("bill"), passwordHash: "-", role: "USER" },
  });
  const { accessToken } = await issueTokenPair(user);
  const address = await prisma.address.create({
    data: {
      userId: user.id,
      addressLine: "12 MG Road",
      city: "Bengaluru",
      state: "Karnataka",
      country: "India",
      pincode: "560001",
      mobile: "9876543210",
    },
  });
  await prisma.cartItem.create({ data: { userId: user.id, productId: product.id, quantity } });
  const items = (pricePaise * quantity) / 100;
  // what the original SPA sends: its cart lines and item totals, no fees
  const body = {
    list_items: [{ _id: "line-1", quantity, productId: { _id: product.id, price: pricePaise / 100, discount: 0 } }],
    addressId: address.id,
    subTotalAmt: items,
    totalAmt: items,
  };
  return { user, token: accessToken, body, product, address };
}

/** A new account of a role with an access token, and the viewer the domain functions take. */
export async function makeUser(role: "USER" | "ADMIN" = "USER") {
  const user = await prisma.user.create({
    data: { name: `Test ${role.toLowerCase()}`, email: uniqueEmail(role.toLowerCase()), passwordHash: "-", role },
  });
  const viewer = { id: user.id, role: user.role, email: user.email, name: user.name, via: "session" } as const;
  return { ...user, token: (await issueTokenPair(user)).accessToken, viewer };
}

/** A delivery partner of the main store, free now (the next order there may be theirs). */
export async function freePartner(name = "Tip Rider") {
  return prisma.deliveryPartner.create({
    data: {
      name,
      phone: `9${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`,
      isAvailable: true,
      availableSince: new Date(),
      storeId: "main",
    },
  });
}

/** An admin (`token`) moves an order through `steps` with PUT /api/order/status; DELIVERED by hand, with a reason. */
export async function moveOrder(orderNumber: string, steps: readonly string[], token: string) {
  for (const status of steps) {
    const step = await call(
      statusRoute,
      "PUT",
      "/api/order/status",
      { orderId: orderNumber, status, ...(status === "DELIVERED" ? { reason: "Handed over in the test" } : {}) },
      { token },
    );
    if (step.status !== 200) throw new Error(`${orderNumber} → ${status}: ${step.status} ${String(step.body.message)}`);
  }
}
