import { randomBytes } from "node:crypto";
import { expect, type APIRequestContext } from "@playwright/test";
import { newUser, registerViaApi, type NewUser } from "../pages/register-page";
import { stockedProducts } from "./shop-api";

/** A fresh client address for the per-IP limits (x-forwarded-for; the suite's server trusts one proxy). */
export const freshIp = () => `10.${[...randomBytes(3)].join(".")}`;

/**
 * A new shopper signed in over REST (their bearer headers, from `ip`) with one saved address at 560001 (the default
 * store); `address` adds fields (a landmark).
 */
export async function shopperWithAddress(
  request: APIRequestContext,
  { tag, ip, address = {} }: { tag: string; ip: string; address?: Record<string, string> },
): Promise<{ shopper: NewUser; headers: Record<string, string> }> {
  const shopper = newUser(tag);
  await registerViaApi(request, shopper, ip);
  const login = await request.post("/api/user/login", {
    data: { email: shopper.email, password: shopper.password },
    headers: { "x-forwarded-for": ip },
  });
  const token = ((await login.json()) as { data: { accesstoken: string } }).data.accesstoken;
  const headers = { authorization: `Bearer ${token}`, "x-forwarded-for": ip };
  const saved = await request.post("/api/address/create", {
    headers,
    data: {
      address_line: "12 MG Road",
      city: "Bengaluru",
      state: "Karnataka",
      pincode: "560001",
      country: "India",
      mobile: "9876543210",
      ...address,
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return { shopper, headers };
}

/**
 * A new shopper who has placed a cash-on-delivery order through the REST contract at pincode 560001 (the default
 * store): their account, bearer headers and the order number. `products`: how many different products (one each).
 */
export async function shopperWithCashOrder(
  request: APIRequestContext,
  {
    tag = "live",
    ip = freshIp(),
    productPage = 7,
    products = 1,
    store,
  }: {
    tag?: string;
    ip?: string;
    productPage?: number;
    products?: number;
    /** another store than the default: the address is at its pincode, the products from its shelf */
    store?: { id: string; pincode: string };
  } = {},
): Promise<{ shopper: NewUser; headers: Record<string, string>; orderId: string; ip: string }> {
  const address: Record<string, string> = store ? { pincode: store.pincode } : {};
  const { shopper, headers } = await shopperWithAddress(request, { tag, ip, address });
  const addressId = (
    (await (await request.get("/api/address/get", { headers })).json()) as { data: { _id: string }[] }
  ).data[0]!._id;
  for (const product of await stockedProducts(request, products, { page: productPage, storeId: store?.id })) {
    const added = await request.post("/api/cart/create", {
      headers,
      data: { productId: product._id, ...(store ? { storeId: store.id } : {}) },
    });
    expect(added.ok(), await added.text()).toBe(true);
  }
  const cart = (await (await request.get("/api/cart/get", { headers })).json()) as {
    data: { quantity: number; productId: { _id: string } }[];
    summary: { totalPaise: number };
  };
  const total = cart.summary.totalPaise / 100;
  const placed = await request.post("/api/order/cash-on-delivery", {
    headers,
    data: {
      list_items: cart.data.map((l) => ({ productId: l.productId._id, quantity: l.quantity })),
      addressId,
      subTotalAmt: total,
      totalAmt: total,
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const orderId = ((await placed.json()) as { data: { orderId: string }[] }).data[0]!.orderId;
  return { shopper, headers, orderId, ip };
}
