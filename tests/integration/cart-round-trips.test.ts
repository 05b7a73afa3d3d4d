import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { POST as loginRoute } from "@/app/api/user/login/route";
import { POST as registerRoute } from "@/app/api/user/register/route";
import { resolveViewer } from "@/lib/auth/viewer-core";
import { addToCart, addToCartReturningCart, getCart } from "@/app/api/_rest/cart";
import { prisma } from "@/lib/db";
import { call, uniqueEmail } from "../fakes/accounts-api";
import { webSessionToken } from "./web-session-token";

// Issue 14 item 8: ADD on the shop's screens costs at most two database round trips: the viewer's session check and
// one statement that adds the unit and reads back the cart. Counted at the driver: every query the pg pool sends.

const PASSWORD = "round trip password 1";
/** The default store: products created with a `stock` have that stock there. */
const MAIN = "main";

/** A shopper and the next-auth session token the shop's screens carry (server actions resolve the viewer from it). */
async function shopperSession() {
  const email = uniqueEmail("trips");
  const reg = await call(registerRoute, "POST", "/api/user/register", {
    name: "Round Trip Shopper",
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(reg.status, reg.body.message).toBe(201);
  const res = await call(loginRoute, "POST", "/api/user/login", { email, password: PASSWORD });
  expect(res.status, res.body.message).toBe(200);
  const user = await prisma.user.findUniqueOrThrow({ where: { email } });
  return webSessionToken(user.id);
}

const newProduct = (stock = 30) =>
  prisma.product.create({
    data: {
      name: `Round Trip Product ${randomUUID().slice(0, 8)}`,
      images: ["/media/catalog/round-trip.webp"],
      unit: "1 pc",
      stock,
      pricePaise: 4_500,
      discount: 10,
      description: "counted",
      published: true,
    },
  });

afterEach(() => vi.restoreAllMocks());

/** Runs `work` and counts the statements sent to PostgreSQL meanwhile (a pool's query runs on one of its clients). */
async function roundTrips(work: () => Promise<unknown>): Promise<number> {
  const client = vi.spyOn(pg.Client.prototype, "query");
  await work();
  const count = client.mock.calls.length;
  client.mockRestore();
  return count;
}

describe("add-to-cart round trips", () => {
  it("resolving the session's viewer and adding a unit with the cart read back takes at most two", async () => {
    const sessionToken = await shopperSession();
    const [first, second] = [await newProduct(), await newProduct()];
    const viewer = await resolveViewer({ authorization: null, sessionToken });
    await addToCartReturningCart(viewer!.id, first.id, MAIN);

    let result: Awaited<ReturnType<typeof addToCartReturningCart>> | undefined;
    const trips = await roundTrips(async () => {
      const who = await resolveViewer({ authorization: null, sessionToken });
      result = await addToCartReturningCart(who!.id, second.id, MAIN);
    });
    expect(trips).toBeGreaterThan(0); // the counter sees the driver at all
    expect(trips).toBeLessThanOrEqual(2);

    // and what it read back is the cart the shopper has, in the order the lines were added
    expect(result!.created).toBe(true);
    expect(result!.cart).toEqual(await getCart(viewer!.id, MAIN));
    expect(result!.cart.lines.map((l) => [l.productId._id, l.quantity])).toEqual([
      [first.id, 1],
      [second.id, 1],
    ]);

    const again = await addToCartReturningCart(viewer!.id, second.id, MAIN);
    expect(again.created).toBe(false);
    expect(again.cart.lines.map((l) => l.quantity)).toEqual([1, 2]);
  });

  it("the REST call's add answers its line in one statement, and a refusal still says why", async () => {
    const viewer = await resolveViewer({ authorization: null, sessionToken: await shopperSession() });
    const product = await newProduct(1);
    expect(await roundTrips(() => addToCart(viewer!.id, product.id, MAIN))).toBe(1);
    await expect(addToCart(viewer!.id, product.id, MAIN)).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(addToCartReturningCart(viewer!.id, product.id, MAIN)).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(addToCartReturningCart(viewer!.id, "nope", MAIN)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
