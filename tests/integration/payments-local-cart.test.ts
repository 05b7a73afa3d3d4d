import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as checkoutRoute } from "@/app/api/order/checkout/route";
import { issueTokenPair } from "@/lib/auth/tokens";
import { prisma } from "@/lib/db";
import { flushMail } from "@/lib/mail";
import { discountedPricePaise, toRupees } from "@/lib/money";
import { getMyOrder } from "@/app/api/_rest/orders";
import { cancelLocalCheckout, payLocalCheckout } from "@/lib/orders";
import { call, uniqueEmail } from "../fakes/accounts-api";
import { installDemoStores } from "../support/demo-stores";

// checkout sells from the dark store serving the address: 560001 is the default store "main"'s
beforeAll(async () => {
  await installDemoStores();
});

// Issue 15 F5 through the local test checkout (/pay/<session>): its Pay and Cancel run the webhook's fulfilment
// functions, so the cart behaves as with Stripe: kept at checkout, trimmed by the ordered quantities on Pay,
// left exactly as it is on Cancel.

process.env.STRIPE_SECRET_KEY = "";
process.env.STRIPE_WEBHOOK_SECRET = "";
vi.stubEnv("ALLOW_TEST_PAYMENTS", "1");

afterAll(async () => {
  await flushMail();
});

type Product = { id: string; pricePaise: number; discount: number };

const makeProduct = (): Promise<Product> =>
  prisma.product.create({
    data: {
      name: `Local Cart Poha ${randomUUID().slice(0, 6)}`,
      images: ["/media/catalog/poha.webp"],
      unit: "500 g",
      stock: 20,
      pricePaise: 6_000,
      discount: 0,
      description: "test",
    },
    select: { id: true, pricePaise: true, discount: true },
  });

async function shopperWithCart(lines: { product: Product; quantity: number }[]) {
  const user = await prisma.user.create({
    data: { name: "Local Cart", email: uniqueEmail("localcart"), passwordHash: "-" },
  });
  const address = await prisma.address.create({
    data: {
      userId: user.id,
      addressLine: "7 Park Road",
      city: "Bengaluru",
      state: "KA",
      country: "India",
      pincode: "560001",
      mobile: "9876543210",
    },
  });
  await prisma.cartItem.createMany({
    data: lines.map((l) => ({ userId: user.id, productId: l.product.id, quantity: l.quantity })),
  });
  const total = toRupees(
    lines.reduce((sum, l) => sum + discountedPricePaise(l.product.pricePaise, l.product.discount) * l.quantity, 0),
  );
  const res = await call(
    checkoutRoute,
    "POST",
    "/api/order/checkout",
    {
      list_items: lines.map((l) => ({ productId: l.product.id, quantity: l.quantity })),
      addressId: address.id,
      subTotalAmt: total,
      totalAmt: total,
    },
    { token: (await issueTokenPair(user)).accessToken },
  );
  expect(res.status, res.body.message).toBe(201);
  const viewer = { id: user.id, role: user.role, email: user.email, name: user.name, via: "session" as const };
  return { viewer, sessionId: res.body.id as string, url: res.body.url as string, orderNumber: res.body.orderId as string };
}

const cartOf = async (userId: string) =>
  Object.fromEntries(
    (await prisma.cartItem.findMany({ where: { userId }, select: { productId: true, quantity: true } })).map((c) => [
      c.productId,
      c.quantity,
    ]),
  );

describe("local test checkout and the cart (issue 15 F5)", () => {
  beforeEach(async () => {
    await prisma.deliveryPartner.updateMany({ data: { isAvailable: false } });
    await prisma.order.updateMany({ where: { dispatchQueuedAt: { not: null } }, data: { dispatchQueuedAt: null } });
    await prisma.deliveryPartner.create({
      data: {
        name: "Local Cart Rider",
        phone: `9${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`,
        isAvailable: true,
        availableSince: new Date(),
      },
    });
  });

  it("Cancel leaves the cart exactly as it was: no line lost, none doubled", async () => {
    const [poha, jam] = [await makeProduct(), await makeProduct()];
    const { viewer, sessionId, url, orderNumber } = await shopperWithCart([
      { product: poha, quantity: 3 },
      { product: jam, quantity: 1 },
    ]);
    expect(await cartOf(viewer.id)).toEqual({ [poha.id]: 3, [jam.id]: 1 });
    expect((await getMyOrder(viewer, orderNumber)).resumePaymentUrl).toBe(url);
    await cancelLocalCheckout(viewer, sessionId);
    await cancelLocalCheckout(viewer, sessionId);
    expect(await cartOf(viewer.id)).toEqual({ [poha.id]: 3, [jam.id]: 1 });
    expect((await getMyOrder(viewer, orderNumber)).resumePaymentUrl).toBeUndefined();
  });

  it("Pay removes only the ordered quantities", async () => {
    const [poha, jam, bread] = [await makeProduct(), await makeProduct(), await makeProduct()];
    const { viewer, sessionId } = await shopperWithCart([
      { product: poha, quantity: 2 },
      { product: jam, quantity: 1 },
    ]);
    // while the test checkout is open: poha raised to 4, bread added
    await prisma.cartItem.upsert({
      where: { userId_productId: { userId: viewer.id, productId: poha.id } },
      create: { userId: viewer.id, productId: poha.id, quantity: 4 },
      update: { quantity: 4 },
    });
    await prisma.cartItem.create({ data: { userId: viewer.id, productId: bread.id, quantity: 2 } });
    await payLocalCheckout(viewer, sessionId);
    expect(await cartOf(viewer.id)).toEqual({ [poha.id]: 2, [bread.id]: 2 });
  });
});
