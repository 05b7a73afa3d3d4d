import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as exportRoute } from "@/app/api/store/stock/export/route";
import { POST as importRoute } from "@/app/api/store/stock/import/route";
import { GET as listRoute } from "@/app/api/store/stock/route";
import { issueTokenPair } from "@/lib/auth/tokens";
import { prisma } from "@/lib/db";
import { slugWithId } from "@/lib/slug";
import { parseCsv } from "@/lib/stores/stock-csv";
import { call, makeRequest, uniqueEmail } from "../fakes/accounts-api";
import { installDemoStores } from "../support/demo-stores";

// A store's stock as a spreadsheet (issue 16): export, import all-or-nothing with every bad line reported by number,
// IMPORT movements in the ledger, and the stock screen's low-stock filter.

let admin: string;
let shopper: string;
const tag = randomUUID().slice(0, 6);
type Product = { id: string; name: string };
let ghee: Product;
let jam: Product;
const STORE = "indiranagar";

beforeAll(async () => {
  await installDemoStores();
  const make = async (role: "ADMIN" | "USER") => {
    const user = await prisma.user.create({
      data: { name: role, email: uniqueEmail(`csv-${role.toLowerCase()}`), passwordHash: "x", role },
    });
    return (await issueTokenPair(user)).accessToken;
  };
  admin = await make("ADMIN");
  shopper = await make("USER");
  const product = (name: string) =>
    prisma.product.create({
      data: { name, images: [], unit: "500 g", stock: 0, pricePaise: 100, description: "-" },
      select: { id: true, name: true },
    });
  ghee = await product(`Csvtest Ghee, "Pure" ${tag}`);
  jam = await product(`Csvtest Jam ${tag}`);
});

const shelf = async (productId: string) =>
  (await prisma.storeStock.findUnique({ where: { storeId_productId: { storeId: STORE, productId } } }))
    ?.stock ?? 0;
const movements = (productId: string) =>
  prisma.stockMovement.findMany({
    where: { storeId: STORE, productId },
    select: { reason: true, delta: true },
  });
const importCsv = (csv: string, token = admin) =>
  call(importRoute, "POST", "/api/store/stock/import", { storeId: STORE, csv }, { token });

describe("CSV export and import of a store's stock", () => {
  it("exports every published product with the store's quantity, quoting what needs it", async () => {
    const res = await exportRoute(
      makeRequest("GET", `/api/store/stock/export?storeId=${STORE}`, undefined, { token: admin }),
      {} as never,
    );
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toContain(`kwikmart-${STORE}-stock.csv`);
    const rows = parseCsv(await res.text());
    expect(rows[0]).toEqual(["product_id", "slug", "name", "unit", "stock"]);
    const line = rows.find((r) => r[0] === ghee.id);
    expect(line).toEqual([ghee.id, slugWithId(ghee.name, ghee.id), ghee.name, "500 g", "0"]);
    const denied = await exportRoute(
      makeRequest("GET", `/api/store/stock/export?storeId=${STORE}`, undefined, { token: shopper }),
      {} as never,
    );
    expect(denied.status).toBe(403);
  });

  it("reports every bad line by number and changes nothing when a file has any error", async () => {
    const csv = [
      "product_id,stock",
      `${ghee.id},12`,
      `${jam.id},lots`,
      "nosuchproduct1,4",
      `${ghee.id},3`,
      ",5",
    ].join("\n");
    const r = await importCsv(csv);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(
      `4 lines have errors; nothing was changed. line 3 (${jam.id}): stock must be a whole number from 0 to 100000, not "lots"; ` +
        `line 4 (nosuchproduct1): no such product; line 5 (${ghee.id}): listed twice (first on line 2); line 6: no product id or slug`,
    );
    expect(await shelf(ghee.id)).toBe(0);
    expect(await movements(ghee.id)).toEqual([]);
  });

  it("applies a good file by id or by slug as IMPORT movements, and a re-import of the same file changes nothing", async () => {
    const csv = `slug,name,quantity\r\n${slugWithId(ghee.name, ghee.id)},"${ghee.name.replace(/"/g, '""')}",12\r\n${jam.id},Jam,4\r\n`;
    const r = await importCsv(csv);
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.message).toBe("Stock imported: 2 products changed, 0 unchanged");
    expect(await shelf(ghee.id)).toBe(12);
    expect(await shelf(jam.id)).toBe(4);
    expect(await movements(ghee.id)).toEqual([{ reason: "IMPORT", delta: 12 }]);
    const again = await importCsv(csv);
    expect(again.body.message).toBe("Stock imported: 0 products changed, 2 unchanged");
    expect(await movements(ghee.id)).toHaveLength(1);
  });

  it("refuses a file without the columns it needs, and non-admins", async () => {
    expect((await importCsv("name,price\nGhee,10\n")).body.message).toBe(
      "The first line must name the columns: product_id (or slug) and stock (or quantity)",
    );
    expect((await importCsv("product_id,stock\n")).body.message).toMatch(/no rows/);
    expect((await importCsv(`product_id,stock\n${jam.id},1\n`, shopper)).status).toBe(403);
    expect(await shelf(jam.id)).toBe(4);
  });

  it("filters the shelf to low stock: at or below 5 units, out of stock included", async () => {
    const res = await call(
      listRoute,
      "GET",
      `/api/store/stock?storeId=${STORE}&search=Csvtest&lowStock=1`,
      undefined,
      {
        token: admin,
      },
    );
    expect(res.status).toBe(200);
    const ids = (res.body.data as { productId: string }[]).map((r) => r.productId);
    expect(ids).toContain(jam.id); // 4 left
    expect(ids).not.toContain(ghee.id); // 12 left
  });
});
