import { execFile } from "node:child_process";
import { randomInt, randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as addCategoryRoute } from "@/app/api/category/add-category/route";
import { DELETE as deleteCategoryRoute } from "@/app/api/category/delete/route";
import { PUT as updateCategoryRoute } from "@/app/api/category/update/route";
import { PUT as partnerStatusRoute } from "@/app/api/delivery-partner/status/route";
import { PUT as orderStatusRoute } from "@/app/api/order/status/route";
import { POST as createProductRoute } from "@/app/api/product/create/route";
import { DELETE as deleteProductRoute } from "@/app/api/product/delete-product/route";
import { PUT as updateProductRoute } from "@/app/api/product/update-product-details/route";
import { POST as createSubCategoryRoute } from "@/app/api/subcategory/create/route";
import { listAuditEntries, type AuditEntryView } from "@/lib/audit";
import { issueTokenPair } from "@/lib/auth/tokens";
import { prisma, type OrderStatus } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { call, uniqueEmail } from "../fakes/accounts-api";

// The audit log (issue 20, item 15): admin changes made through the REST calls append who, what and before → after
// in the change's own transaction; the admin's list filters and pages; nobody else may read it.

type Handler = Parameters<typeof call>[0];
type Person = { id: string; email: string; role: "ADMIN" | "USER"; token: string };

let admin: Person;
let shopper: Person;

async function person(role: "ADMIN" | "USER"): Promise<Person> {
  const user = await prisma.user.create({
    data: {
      name: `Audit ${role}`,
      email: uniqueEmail(`audit-${role.toLowerCase()}`),
      passwordHash: "x",
      role,
    },
  });
  return { id: user.id, email: user.email, role, token: (await issueTokenPair(user)).accessToken };
}

beforeAll(async () => {
  admin = await person("ADMIN");
  shopper = await person("USER");
});

const IMG = "/media/catalog/1f95b-pouch-5e35b1-1.webp";
const unique = (tag: string) => `${tag} ${randomUUID().slice(0, 8)}`;
const as = (p: Person) => ({
  post: (h: Handler, path: string, body: unknown) => call(h, "POST", path, body, { token: p.token }),
  put: (h: Handler, path: string, body: unknown) => call(h, "PUT", path, body, { token: p.token }),
  del: (h: Handler, path: string, body: unknown) => call(h, "DELETE", path, body, { token: p.token }),
});

const entriesFor = (subjectId: string) =>
  prisma.auditLog.findMany({ where: { subjectId }, orderBy: [{ at: "asc" }, { id: "asc" }] });

async function catalogue() {
  const cat = await as(admin).post(addCategoryRoute, "/api/category/add-category", {
    name: unique("Dairy"),
    image: IMG,
  });
  expect(cat.status, cat.body.message).toBe(201);
  const category = cat.body.data as { _id: string; name: string };
  const sub = await as(admin).post(createSubCategoryRoute, "/api/subcategory/create", {
    name: unique("Milk"),
    image: IMG,
    category: [category._id],
  });
  expect(sub.status, sub.body.message).toBe(201);
  const subCategory = sub.body.data as { _id: string; name: string };
  const res = await as(admin).post(createProductRoute, "/api/product/create", {
    name: unique("Toned Milk"),
    image: [IMG],
    category: [category._id],
    subCategory: [subCategory._id],
    unit: "500 ml",
    stock: 12,
    price: 49.5,
    discount: 10,
    description: "Fresh and creamy.",
    more_details: {},
  });
  expect(res.status, res.body.message).toBe(201);
  return { category, subCategory, product: res.body.data as { _id: string; name: string } };
}

describe("catalogue changes by an admin", () => {
  it("records a price and a stock change made through PUT /api/product/update-product-details", async () => {
    const { product } = await catalogue();
    const created = await entriesFor(product._id);
    expect(created.map((e) => e.action)).toEqual(["product.create"]);
    expect(created[0]).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      subjectLabel: product.name,
    });
    expect(created[0]!.after).toMatchObject({ pricePaise: 4950, discount: 10, stock: 12, unit: "500 ml" });

    // a shopper cannot, and leaves no entry
    const refused = await as(shopper).put(updateProductRoute, "/api/product/update-product-details", {
      _id: product._id,
      price: 1,
    });
    expect(refused.status).toBe(403);
    expect(await entriesFor(product._id)).toHaveLength(1);

    // the stock moved since the product was added (a checkout, say): "before" is the row as the update found it
    await prisma.product.update({ where: { id: product._id }, data: { stock: 10 } });
    const res = await as(admin).put(updateProductRoute, "/api/product/update-product-details", {
      _id: product._id,
      price: 55,
      stock: 40,
    });
    expect(res.status, res.body.message).toBe(200);

    const entries = await entriesFor(product._id);
    const price = entries.find((e) => e.action === "product.price");
    const stock = entries.find((e) => e.action === "product.stock");
    expect(price).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      subjectType: "product",
      subjectLabel: product.name,
      before: { pricePaise: 4950 },
      after: { pricePaise: 5500 },
    });
    expect(stock).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      before: { stock: 10 },
      after: { stock: 40 },
    });
    // nothing else changed, so no "details" entry
    expect(entries.map((e) => e.action).sort()).toEqual(["product.create", "product.price", "product.stock"]);

    // the admin's list shows them as readable pairs, the admin as the actor
    const page = await listAuditEntries(admin, { subject: product._id, action: "product.price" });
    expect(page.entries).toHaveLength(1);
    expect(page.entries[0]).toMatchObject({ actorEmail: admin.email, actionLabel: "Price changed" });
    expect(page.entries[0]!.changes).toEqual([{ field: "price", from: "₹49.50", to: "₹55" }]);
    const stockPage = await listAuditEntries(admin, { subject: product.name, action: "product.stock" });
    expect(stockPage.entries.map((e) => e.changes)).toEqual([[{ field: "stock", from: "10", to: "40" }]]);
  });

  it("records other product details apart, and a deletion with what the product was", async () => {
    const { category, product } = await catalogue();
    const renamed = unique("Double Toned Milk");
    const res = await as(admin).put(updateProductRoute, "/api/product/update-product-details", {
      _id: product._id,
      name: renamed,
      discount: 15,
    });
    expect(res.status, res.body.message).toBe(200);
    const entries = await entriesFor(product._id);
    expect(entries.find((e) => e.action === "product.price")).toMatchObject({
      before: { discount: 10 },
      after: { discount: 15 },
      subjectLabel: renamed,
    });
    expect(entries.find((e) => e.action === "product.update")).toMatchObject({
      before: { name: product.name },
      after: { name: renamed },
    });
    expect(entries.some((e) => e.action === "product.stock")).toBe(false);

    const del = await as(admin).del(deleteProductRoute, "/api/product/delete-product", { _id: product._id });
    expect(del.status, del.body.message).toBe(200);
    const removal = (await entriesFor(product._id)).find((e) => e.action === "product.delete");
    expect(removal).toMatchObject({
      actorId: admin.id,
      before: {
        name: renamed,
        pricePaise: 4950,
        discount: 15,
        stock: 12,
        published: true,
        categories: [category.name],
      },
      after: {},
    });
  });

  it("records category creation, a rename (before → after) and a deletion", async () => {
    const name = unique("Snacks");
    const created = await as(admin).post(addCategoryRoute, "/api/category/add-category", {
      name,
      image: IMG,
    });
    expect(created.status).toBe(201);
    const id = (created.body.data as { _id: string })._id;
    const renamed = unique("Namkeen");
    expect(
      (
        await as(admin).put(updateCategoryRoute, "/api/category/update", {
          _id: id,
          name: renamed,
          image: IMG,
        })
      ).status,
    ).toBe(200);
    // saving it unchanged writes nothing
    expect(
      (
        await as(admin).put(updateCategoryRoute, "/api/category/update", {
          _id: id,
          name: renamed,
          image: IMG,
        })
      ).status,
    ).toBe(200);
    expect((await as(admin).del(deleteCategoryRoute, "/api/category/delete", { _id: id })).status).toBe(200);
    const entries = await entriesFor(id);
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ["category.create", {}, { name, image: IMG }],
      ["category.update", { name }, { name: renamed }],
      ["category.delete", { name: renamed, image: IMG }, {}],
    ]);
    expect(entries.every((e) => e.actorId === admin.id && e.actorEmail === admin.email)).toBe(true);
  });

  it("writes no entry when the change is refused (the entry shares the change's transaction)", async () => {
    const { category } = await catalogue();
    const before = await prisma.auditLog.count();
    // in use by a sub-category and a product: 409
    const res = await as(admin).del(deleteCategoryRoute, "/api/category/delete", { _id: category._id });
    expect(res.status).toBe(409);
    // a duplicate name: the unique index refuses it inside the transaction that would have written the entry
    const dup = await as(admin).post(addCategoryRoute, "/api/category/add-category", {
      name: category.name,
      image: IMG,
    });
    expect(dup.status).toBe(409);
    expect(await prisma.auditLog.count()).toBe(before);
  });
});

describe("orders and partners", () => {
  const freshPhone = () => `9${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`;

  async function order(status: OrderStatus) {
    return prisma.order.create({
      data: {
        orderNumber: `KM-2611-${randomUUID().slice(0, 6).toUpperCase()}`,
        userId: shopper.id,
        status,
        paymentMethod: "CASH_ON_DELIVERY",
        subtotalPaise: 1000,
        totalPaise: 1000,
        itemCount: 1,
        addressSnapshot: {},
      },
    });
  }

  it("records an admin's status change, and the manual completion of a delivery with the cash collected", async () => {
    const placed = await order("PLACED");
    const res = await as(admin).put(orderStatusRoute, "/api/order/status", {
      orderId: placed.orderNumber,
      status: "PACKED",
    });
    expect(res.status, res.body.message).toBe(200);
    expect(await entriesFor(placed.id)).toMatchObject([
      {
        action: "order.status",
        actorId: admin.id,
        actorEmail: admin.email,
        subjectType: "order",
        subjectLabel: placed.orderNumber,
        before: { status: "PLACED" },
        after: { status: "PACKED" },
      },
    ]);

    const riding = await order("OUT_FOR_DELIVERY");
    const done = await as(admin).put(orderStatusRoute, "/api/order/status", {
      orderId: riding.orderNumber,
      status: "DELIVERED",
      reason: "Customer confirmed on the phone",
    });
    expect(done.status, done.body.message).toBe(200);
    expect(await entriesFor(riding.id)).toMatchObject([
      {
        action: "order.status",
        before: { status: "OUT_FOR_DELIVERY", paymentStatus: "PENDING" },
        after: { status: "DELIVERED", paymentStatus: "PAID" },
      },
    ]);
    const page = await listAuditEntries(admin, { subject: riding.orderNumber });
    expect(page.entries[0]!.changes).toEqual([
      { field: "status", from: "Out for delivery", to: "Delivered" },
      { field: "payment", from: "Pending", to: "Paid" },
    ]);

    // a refused step (not allowed from this status) writes nothing
    const again = await as(admin).put(orderStatusRoute, "/api/order/status", {
      orderId: riding.orderNumber,
      status: "PACKED",
    });
    expect(again.status).toBe(409);
    expect(await entriesFor(riding.id)).toHaveLength(1);
  });

  it("records a partner switched Available (their approval) and Busy, and nothing for a switch that changes nothing", async () => {
    // orders other files left queued would be handed to this partner the moment it is switched on (then it is
    // already Busy and the last switch changes nothing)
    await prisma.order.updateMany({ where: { dispatchQueuedAt: { not: null } }, data: { dispatchQueuedAt: null } });
    const p = await prisma.deliveryPartner.create({
      data: { name: `Rider ${randomUUID().slice(0, 6)}`, phone: freshPhone(), isAvailable: false },
    });
    const put = (isAvailable: boolean) =>
      as(admin).put(partnerStatusRoute, "/api/delivery-partner/status", { partnerId: p.id, isAvailable });
    expect((await put(false)).status).toBe(200);
    expect((await put(true)).status).toBe(200);
    expect((await put(false)).status).toBe(200);
    const entries = await entriesFor(p.id);
    expect(entries.map((e) => [e.action, e.before, e.after, e.subjectLabel])).toEqual([
      ["partner.availability", { isAvailable: false }, { isAvailable: true }, `Partner #${p.seq} ${p.name}`],
      ["partner.availability", { isAvailable: true }, { isAvailable: false }, `Partner #${p.seq} ${p.name}`],
    ]);
    const page = await listAuditEntries(admin, { subject: p.name, action: "partner.availability" });
    expect(page.entries.map((e) => e.changes[0])).toEqual([
      { field: "availability", from: "Available", to: "Busy" },
      { field: "availability", from: "Busy", to: "Available" },
    ]);
  });
});

describe("npm run admin:promote", () => {
  it("records the role change with no actor and the script's name", async () => {
    const user = await person("USER");
    const run = promisify(execFile);
    const env = { ...process.env, DATABASE_URL: process.env.DATABASE_URL! };
    const { stdout } = await run(
      process.execPath,
      ["--import", "tsx", "scripts/admin-promote.ts", user.email],
      { env },
    );
    expect(stdout).toContain("is now an admin");
    // promoting an admin again changes nothing and records nothing
    await run(process.execPath, ["--import", "tsx", "scripts/admin-promote.ts", user.email], { env });
    expect(await entriesFor(user.id)).toMatchObject([
      {
        actorId: null,
        actorEmail: "script:admin:promote",
        action: "user.role",
        subjectType: "user",
        subjectLabel: user.email,
        before: { role: "USER" },
        after: { role: "ADMIN" },
      },
    ]);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).role).toBe("ADMIN");
  });
});

describe("listAuditEntries", () => {
  // entries of our own, told apart from every other test's by a marker in the actor's e-mail
  const marker = `pager-${randomUUID().slice(0, 8)}`;
  const alice = `alice-${marker}@example.com`;
  const bob = `bob-${marker}@example.com`;
  const base = Date.parse("2026-03-10T12:00:00Z");

  beforeAll(async () => {
    // 120 by Alice, one a minute from 10 March 17:30 in India; 3 by Bob on 5 March (India)
    await prisma.auditLog.createMany({
      data: [
        ...Array.from({ length: 120 }, (_, i) => ({
          at: new Date(base + i * 60_000),
          actorId: null,
          actorEmail: alice,
          action: i % 2 ? "product.stock" : "product.price",
          subjectType: "product",
          subjectId: `prd-${marker}-${i}`,
          subjectLabel: `Pager Product ${i}`,
          before: { stock: i },
          after: { stock: i + 1 },
        })),
        ...["2026-03-04T19:00:00Z", "2026-03-05T10:00:00Z", "2026-03-05T18:29:00Z"].map((iso, i) => ({
          at: new Date(iso),
          actorId: null,
          actorEmail: bob,
          action: "order.status",
          subjectType: "order",
          subjectId: `ord-${marker}-${i}`,
          subjectLabel: `KM-2603-${marker}-${i}`,
          before: { status: "PLACED" },
          after: { status: "PACKED" },
        })),
      ],
    });
  });

  const labels = (entries: AuditEntryView[]) => entries.map((e) => e.subjectLabel);

  it("pages 50 at a time, newest first, older and newer, without gaps or repeats", async () => {
    const first = await listAuditEntries(admin, { actor: alice });
    expect(first.total).toBe(120);
    expect(first.entries).toHaveLength(50);
    expect(first.newer).toBeNull();
    expect(labels(first.entries).slice(0, 2)).toEqual(["Pager Product 119", "Pager Product 118"]);
    const second = await listAuditEntries(admin, { actor: alice, cursor: first.older, dir: "older" });
    const third = await listAuditEntries(admin, { actor: alice, cursor: second.older, dir: "older" });
    expect(third.entries).toHaveLength(20);
    expect(third.older).toBeNull();
    const all = [...first.entries, ...second.entries, ...third.entries];
    expect(labels(all)).toEqual(Array.from({ length: 120 }, (_, i) => `Pager Product ${119 - i}`));
    const times = all.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // back from the last page: the second page again, then the first (which has no newer page)
    const back = await listAuditEntries(admin, { actor: alice, cursor: third.newer, dir: "newer" });
    expect(labels(back.entries)).toEqual(labels(second.entries));
    const top = await listAuditEntries(admin, { actor: alice, cursor: back.newer, dir: "newer" });
    expect(labels(top.entries)).toEqual(labels(first.entries));
    expect(top.newer).toBeNull();
  });

  it("filters by action, actor, subject and date range (days in India)", async () => {
    const prices = await listAuditEntries(admin, { actor: alice, action: "product.price" });
    expect(prices.total).toBe(60);
    expect(prices.entries.every((e) => e.action === "product.price")).toBe(true);

    // the actor filter is a case-insensitive part of the e-mail
    const bobs = await listAuditEntries(admin, { actor: `BOB-${marker}` });
    expect(bobs.total).toBe(3);
    expect(bobs.entries[0]!.changes).toEqual([{ field: "status", from: "Placed", to: "Packed" }]);

    // subject: part of the label, or the exact id
    expect(
      labels((await listAuditEntries(admin, { actor: marker, subject: "pager product 7" })).entries).sort(),
    ).toEqual(
      [
        "Pager Product 7",
        "Pager Product 70",
        "Pager Product 71",
        "Pager Product 72",
        "Pager Product 73",
        "Pager Product 74",
        "Pager Product 75",
        "Pager Product 76",
        "Pager Product 77",
        "Pager Product 78",
        "Pager Product 79",
      ].sort(),
    );
    expect(labels((await listAuditEntries(admin, { subject: `prd-${marker}-7` })).entries)).toEqual([
      "Pager Product 7",
    ]);

    // 2026-03-04T19:00Z is 5 March 00:30 in India; 2026-03-05T18:29Z is 5 March 23:59
    const fifth = await listAuditEntries(admin, { actor: marker, from: "2026-03-05", to: "2026-03-05" });
    expect(fifth.total).toBe(3);
    const fourth = await listAuditEntries(admin, { actor: marker, to: "2026-03-04" });
    expect(fourth.total).toBe(0);
    const tenth = await listAuditEntries(admin, { actor: marker, from: "2026-03-10" });
    expect(tenth.total).toBe(120);
    // combined, with blanks from the form ignored
    const combined = await listAuditEntries(admin, {
      actor: marker,
      action: "order.status",
      subject: "",
      from: "2026-03-01",
      to: "2026-03-31",
      cursor: "",
    });
    expect(combined.total).toBe(3);
    expect(combined.filter).toEqual({
      actor: marker,
      action: "order.status",
      from: "2026-03-01",
      to: "2026-03-31",
    });
  });

  it("refuses guests and non-admins, and explains a bad filter", async () => {
    await expect(listAuditEntries(null, {})).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(listAuditEntries(shopper, {})).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "Do not have permission",
    });
    await expect(listAuditEntries({ role: "USER" }, { actor: alice })).rejects.toBeInstanceOf(AppError);
    for (const bad of [
      { action: "product.nonsense" },
      { from: "2026-02-30" },
      { from: "yesterday" },
      { from: "2026-03-10", to: "2026-03-01" },
      { cursor: "x'; DROP TABLE" },
    ]) {
      await expect(listAuditEntries(admin, bad)).rejects.toMatchObject({ code: "VALIDATION" });
    }
  });
});
