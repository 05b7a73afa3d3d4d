import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

// Issue 19: stock shown on pages is never more than ~1 s behind a sale. A sale that leaves a product sold out or at
// "Only N left" expires the store's cached product entries (and is announced to the other instances); a sale that
// leaves more than FEW_LEFT changes nothing a page shows and expires nothing. next/cache needs a Next request to run,
// so its revalidateTag is replaced by a recorder.

const expired = vi.hoisted(() => [] as string[]);
vi.mock("next/cache", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/cache")>()),
  revalidateTag: (tag: string) => void expired.push(tag),
}));

const { POST: codRoute } = await import("@/app/api/order/cash-on-delivery/route");
const { prisma } = await import("@/lib/db");
const { call } = await import("../fakes/accounts-api");
const { shopperWithCart } = await import("../support/bill-shopper");
const { FEW_LEFT } = await import("@/lib/cart/rules");
const { installDemoStores } = await import("../support/demo-stores");

beforeAll(async () => {
  await installDemoStores();
});

beforeEach(() => {
  expired.length = 0;
});

async function sellOneLeaving(left: number) {
  const { token, body, product } = await shopperWithCart(25_000);
  await prisma.storeStock.update({
    where: { storeId_productId: { storeId: "main", productId: product.id } },
    data: { stock: left + 1 },
  });
  const res = await call(codRoute, "POST", "/api/order/cash-on-delivery", body, { token });
  expect(res.status, res.body.message).toBe(201);
  const shelf = await prisma.storeStock.findUniqueOrThrow({
    where: { storeId_productId: { storeId: "main", productId: product.id } },
  });
  expect(shelf.stock).toBe(left);
}

describe("a sale and the store's cached pages", () => {
  it("leaving 'Only N left' expires the store's product entries", async () => {
    await sellOneLeaving(FEW_LEFT);
    expect(expired).toContain("store:main");
  });

  it("selling the last one expires them too", async () => {
    await sellOneLeaving(0);
    expect(expired).toContain("store:main");
  });

  it("leaving more than FEW_LEFT expires nothing (no page shows the count)", async () => {
    await sellOneLeaving(FEW_LEFT + 10);
    expect(expired.filter((t) => t.startsWith("store:") || t.startsWith("product:"))).toEqual([]);
  });
});
