import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma, runTx } from "@/lib/db";

// Product.stock is the default store's stock, kept in step by triggers (the product_stock_mirror migration): the
// REST contract's product create/update and many scripts write Product.stock; orders take StoreStock.

const OTHER = "mirror-test";

async function product(stock: number) {
  return prisma.product.create({
    data: { name: `Mirror ${randomUUID().slice(0, 6)}`, images: [], unit: "1", stock, pricePaise: 100, description: "-" },
    select: { id: true },
  });
}
const defaultId = async () => (await prisma.store.findFirstOrThrow({ where: { isDefault: true } })).id;
const shelf = async (storeId: string, productId: string) =>
  (await prisma.storeStock.findUnique({ where: { storeId_productId: { storeId, productId } } }))?.stock ?? null;
const productStock = async (id: string) => (await prisma.product.findUniqueOrThrow({ where: { id } })).stock;
const ledger = async (storeId: string, productId: string) =>
  (await prisma.stockMovement.aggregate({ where: { storeId, productId }, _sum: { delta: true } }))._sum.delta ?? 0;
const movements = (storeId: string, productId: string) =>
  prisma.stockMovement.findMany({ where: { storeId, productId }, orderBy: { createdAt: "asc" } });

beforeAll(async () => {
  await prisma.store.upsert({
    where: { id: OTHER },
    create: { id: OTHER, name: "Mirror", area: "Test", address: "x", lat: 12.9, lng: 77.6 },
    update: {},
  });
});
afterAll(async () => {
  await prisma.store.deleteMany({ where: { id: OTHER } });
});

describe("Product.stock mirrors the default store's stock", () => {
  it("gives a new product its row at the default store, with an opening count in the ledger", async () => {
    const main = await defaultId();
    const p = await product(12);
    expect(await shelf(main, p.id)).toBe(12);
    expect(await shelf(OTHER, p.id)).toBeNull();
    const [opening] = await movements(main, p.id);
    expect(opening).toMatchObject({ delta: 12, reason: "COUNT", note: expect.stringContaining("new product") });
  });

  it("turns a direct Product.stock write into a stock count at the default store", async () => {
    const main = await defaultId();
    const p = await product(10);
    await prisma.product.update({ where: { id: p.id }, data: { stock: 4 } });
    await prisma.product.update({ where: { id: p.id }, data: { stock: { increment: 3 } } });
    // writing the same number again moves nothing
    await prisma.product.update({ where: { id: p.id }, data: { stock: 7, name: "Renamed mirror" } });
    expect(await shelf(main, p.id)).toBe(7);
    expect(await ledger(main, p.id)).toBe(7);
    const counts = (await movements(main, p.id)).map((m) => [m.delta, m.reason, m.note]);
    expect(counts).toEqual([
      [10, "COUNT", expect.stringContaining("new product")],
      [-6, "COUNT", "Product.stock set to 4 (was 10 at the default store)"],
      [3, "COUNT", "Product.stock set to 7 (was 4 at the default store)"],
    ]);
  });

  it("follows the default store's shelf into Product.stock, and no other store's", async () => {
    const main = await defaultId();
    const p = await product(5);
    await prisma.storeStock.create({ data: { storeId: OTHER, productId: p.id, stock: 30 } });
    await prisma.$executeRaw`UPDATE "StoreStock" SET stock = stock - 2 WHERE "storeId" = ${main} AND "productId" = ${p.id}`;
    expect(await productStock(p.id)).toBe(3);
    await prisma.storeStock.update({ where: { storeId_productId: { storeId: OTHER, productId: p.id } }, data: { stock: 1 } });
    expect(await productStock(p.id)).toBe(3);
    // the shelf's change is the writer's movement to record; the mirror records nothing of its own
    expect((await movements(main, p.id)).length).toBe(1);
  });

  it("makes Product.stock the new default store's stock when the default moves, and back", async () => {
    const main = await defaultId();
    const stocked = await product(8);
    const absent = await product(6);
    await prisma.storeStock.create({ data: { storeId: OTHER, productId: stocked.id, stock: 50 } });
    const moveDefault = (to: string, from: string) =>
      runTx(async (tx) => {
        await tx.store.update({ where: { id: from }, data: { isDefault: false } });
        await tx.store.update({ where: { id: to }, data: { isDefault: true } });
      });
    await moveDefault(OTHER, main);
    try {
      expect(await productStock(stocked.id)).toBe(50);
      expect(await productStock(absent.id)).toBe(0);
      // a write now counts at the new default store
      await prisma.product.update({ where: { id: stocked.id }, data: { stock: 45 } });
      expect(await shelf(OTHER, stocked.id)).toBe(45);
      expect(await shelf(main, stocked.id)).toBe(8);
    } finally {
      await moveDefault(main, OTHER);
    }
    expect(await productStock(stocked.id)).toBe(8);
    expect(await productStock(absent.id)).toBe(6);
  });

  it("refuses negative stock on the product as on the shelf", async () => {
    const p = await product(2);
    await expect(prisma.product.update({ where: { id: p.id }, data: { stock: -1 } })).rejects.toThrow(/check/i);
    expect(await productStock(p.id)).toBe(2);
  });
});
