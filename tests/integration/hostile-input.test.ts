import sharp from "sharp";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { updateProfile } from "@/lib/accounts";
import { hashPassword } from "@/lib/auth/password";
import { issueTokenPair } from "@/lib/auth/tokens";
import { prisma } from "@/lib/db";
import { flushMail } from "@/lib/mail";
import { discountedPricePaise, toRupees } from "@/lib/money";
import { placeCashOnDeliveryOrder } from "@/app/api/_rest/orders";
import { randomIp } from "../fakes/accounts-api";
import { openFingerprinter, type Fingerprint } from "../support/db-fingerprint";
import {
  HOSTILE_VALUES,
  jsonCases,
  prng,
  RAW_BODIES,
  RawJson,
  serialize,
  type RawBody,
  type Rng,
} from "../support/hostile-input";
import { ROUTES, type Fixtures, type Route } from "./hostile-routes";
import { installDemoStores } from "../support/demo-stores";

// checkout sells from the dark store serving the address: 560001 is the default store "main"'s
beforeAll(async () => {
  await installDemoStores();
});

// Hostile input (issue 8): every REST call, as a guest, a shopper and (for admin calls) an admin, gets generated
// bad bodies. Never a 5xx; always the contract's envelope with a readable message; and a refused request (4xx)
// changes no row: the whole database is fingerprinted around every call. The generator is seeded: a failure
// names its case, and FUZZ_SEED=<n> replays another sequence.

process.env.STRIPE_SECRET_KEY = ""; // local payments: the checkout call must not reach any network
vi.stubEnv("ALLOW_TEST_PAYMENTS", "1"); // ...and the local test checkout must take them, or every valid body is a 503
const WEBHOOK_SECRET = "whsec_fuzz";
process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
/** JSON cases for the role whose calls get past the auth check, and for the others. */
const FULL_CASES = 16;
const SHORT_CASES = 4;
/** Rate-limit counters count refused attempts on purpose (failed logins); everything else must stay put. */
const UNCOUNTED_TABLES = ["RateLimit", "_prisma_migrations"];

type Role = "guest" | "shopper" | "admin";
type Outcome = { label: string; status: number; problem?: string };

let fixtures: Fixtures;
let adminToken: string;
let shopper: { id: string; email: string; token: string };
let fingerprinter: Awaited<ReturnType<typeof openFingerprinter>>;
let fingerprint: Fingerprint;
let pngBytes: Uint8Array<ArrayBuffer>;

async function makeUser(role: "USER" | "ADMIN", email: string, passwordHash = "-") {
  return prisma.user.create({ data: { name: `Fuzz ${role}`, email, passwordHash, role } });
}

beforeAll(async () => {
  const passwordHash = await hashPassword("Fuzz shopper 1");
  const admin = await makeUser("ADMIN", "fuzz-admin@example.com", passwordHash);
  adminToken = (await issueTokenPair(admin)).accessToken;
  const user = await makeUser("USER", "fuzz-shopper@example.com", passwordHash);
  shopper = { id: user.id, email: user.email, token: (await issueTokenPair(user)).accessToken };

  const category = await prisma.category.create({
    data: { name: "Fuzz Dairy", nameKey: "fuzz dairy", image: "/media/catalog/x.webp" },
  });
  const sub = await prisma.subCategory.create({
    data: {
      name: "Fuzz Milk",
      image: "/media/catalog/x.webp",
      categories: { create: { categoryId: category.id } },
    },
  });
  const makeProduct = (name: string) =>
    prisma.product.create({
      data: {
        name,
        images: ["/media/catalog/1f95b-pouch-5e35b1-1.webp"],
        unit: "1 l",
        stock: 500,
        pricePaise: 6_000,
        discount: 10,
        description: "Fuzz milk",
        categories: { create: { categoryId: category.id } },
        subCategories: { create: { subCategoryId: sub.id } },
      },
    });
  const product = await makeProduct("Fuzz Milk 1 l");
  const deletable = await makeProduct("Fuzz Milk To Delete");
  const address = await prisma.address.create({
    data: {
      userId: user.id,
      addressLine: "1 Fuzz Lane",
      city: "Bengaluru",
      state: "KA",
      country: "India",
      pincode: "560001",
      mobile: "9876543210",
    },
  });
  const partner = await prisma.deliveryPartner.create({ data: { name: "Fuzz Rider", phone: "9000000001" } });

  // one placed order to cancel and to move on; then a fresh cart line for the order bodies
  const unit = discountedPricePaise(product.pricePaise, product.discount);
  const orderBody = {
    list_items: [
      {
        _id: "line",
        quantity: 1,
        productId: { _id: product.id, price: toRupees(product.pricePaise), discount: 10 },
      },
    ],
    addressId: address.id,
    subTotalAmt: toRupees(unit),
    totalAmt: toRupees(unit),
  };
  await prisma.cartItem.create({ data: { userId: user.id, productId: product.id, quantity: 1 } });
  const viewer = {
    id: user.id,
    role: "USER" as const,
    email: user.email,
    name: user.name,
    via: "token" as const,
  };
  const placed = await placeCashOnDeliveryOrder(viewer, orderBody, { ip: randomIp() });
  const orderNumber = (placed.data[0] as { orderId: string }).orderId;
  const line = await prisma.cartItem.create({
    data: { userId: user.id, productId: product.id, quantity: 1 },
  });

  const disposable = await makeUser("USER", "fuzz-refresh@example.com");
  fixtures = {
    categoryId: category.id,
    subCategoryId: sub.id,
    productId: product.id,
    deletableProductId: deletable.id,
    cartLineId: line.id,
    addressId: address.id,
    partnerId: partner.id,
    orderNumber,
    shopperEmail: user.email,
    orderBody,
    refreshToken: async () => (await issueTokenPair(disposable)).refreshToken,
  };
  pngBytes = new Uint8Array(
    await sharp({ create: { width: 4, height: 4, channels: 3, background: "#0a0" } })
      .png()
      .toBuffer(),
  );
  await flushMail();
  fingerprinter = await openFingerprinter(process.env.DATABASE_URL!, { exclude: UNCOUNTED_TABLES });
  fingerprint = await fingerprinter.take();
});

afterAll(async () => {
  await fingerprinter?.close();
});

// ---------------------------------------------------------------------------------------------- credentials

const GARBAGE_AUTH: readonly Record<string, string>[] = [
  {},
  { authorization: "Bearer garbage" },
  { authorization: "Bearer a.b.c" },
  { authorization: `Bearer ${"x".repeat(10_000)}` },
  { authorization: "Basic YWRtaW46YWRtaW4=" },
  { authorization: "Bearer eyJhbGciOiJub25lIn0.eyJ1c2VySWQiOiJ4Iiwicm9sZSI6IkFETUlOIn0." },
  { cookie: "next-auth.session-token=garbage; __Secure-next-auth.session-token=%00%ff" },
];

async function credentials(role: Role, route: Route, rng: Rng): Promise<Record<string, string>> {
  if (role === "guest") return rng.pick(GARBAGE_AUTH);
  if (role === "admin") return { authorization: `Bearer ${adminToken}` };
  if (!route.endsSession) return { authorization: `Bearer ${shopper.token}` };
  // calls that end a session (or the account) each get a throwaway shopper of their own
  const user = await makeUser("USER", `fuzz-${Date.now()}-${rng.int(1e9)}@example.com`);
  return { authorization: `Bearer ${(await issueTokenPair(user)).accessToken}` };
}

// ------------------------------------------------------------------------------------------------- requests

type Built = { label: string; make: (auth: Record<string, string>) => Request };

function request(
  route: Route,
  auth: Record<string, string>,
  init: { body?: BodyInit; type?: string; query?: string; headers?: Record<string, string> },
) {
  const headers = new Headers({ ...auth, ...init.headers, "x-forwarded-for": randomIp() });
  if (init.type) headers.set("content-type", init.type);
  const url = `http://localhost${route.path}${init.query ?? ""}`;
  return new Request(url, {
    method: route.method,
    headers,
    body: route.method === "GET" ? undefined : init.body,
  });
}

const text = (value: unknown) =>
  typeof value === "string"
    ? value
    : value instanceof RawJson
      ? value.text
      : (serialize(value) ?? "undefined");

/** encodeURIComponent, except that a lone surrogate goes out as the (invalid) UTF-8 bytes a sloppy client sends. */
const encodeQuery = (value: string) =>
  value
    .split(/([\uD800-\uDFFF])/)
    .map((part) => (/^[\uD800-\uDFFF]$/.test(part) ? "%ED%A0%80" : encodeURIComponent(part)))
    .join("");

function signed(payload: string) {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
}

/** Events with a valid signature but hostile contents: the provider is trusted, its payload is still checked. */
function signedEvents(rng: Rng): Built[] {
  const hostile = () => rng.pick(HOSTILE_VALUES).value();
  const events = [
    {
      id: "evt_1",
      type: "checkout.session.completed",
      data: { object: { id: "cs_x", payment_status: "paid", metadata: { orderId: hostile() } } },
    },
    {
      id: "evt_2",
      type: "checkout.session.expired",
      data: { object: { id: hostile(), metadata: { orderId: "a\u0000b" } } },
    },
    { id: "evt_3", type: "checkout.session.async_payment_failed", data: null },
    {
      id: hostile(),
      type: "checkout.session.completed",
      data: { object: { id: "cs\u0000", client_reference_id: hostile(), payment_status: "paid" } },
    },
    { id: "evt_5", type: "checkout.session.async_payment_succeeded", data: { object: hostile() } },
    { id: "evt_6", type: hostile(), data: {} },
  ];
  return events.map((event, i) => {
    const payload = serialize(event)!;
    return {
      label: `signed hostile event ${i + 1}`,
      make: (auth) =>
        request(ROUTE_WEBHOOK(), auth, {
          body: payload,
          type: "application/json",
          headers: { "stripe-signature": signed(payload) },
        }),
    };
  });
}
const ROUTE_WEBHOOK = () => ROUTES.find((r) => r.path === "/api/order/webhook")!;

function uploadCases(route: Route): Built[] {
  const field = route.upload!;
  const form = (build: (fd: FormData) => void) => () => {
    const fd = new FormData();
    build(fd);
    return fd;
  };
  const forms: [string, () => FormData][] = [
    ["field as text", form((fd) => fd.set(field, "not a file"))],
    ["no field", form((fd) => fd.set("other", new Blob([pngBytes]), "a.png"))],
    ["empty file", form((fd) => fd.set(field, new Blob([]), "a.png"))],
    [
      "path in file name",
      form((fd) => fd.set(field, new Blob([pngBytes], { type: "image/png" }), "../../etc/passwd")),
    ],
    [
      "NUL in file name",
      form((fd) => fd.set(field, new Blob([pngBytes], { type: "image/png" }), "a\u0000.png")),
    ],
    ["text file", form((fd) => fd.set(field, new Blob(["hello"], { type: "image/png" }), "a.png"))],
    [
      "SVG with script",
      form((fd) =>
        fd.set(
          field,
          new Blob(['<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned=1"/>'], {
            type: "image/svg+xml",
          }),
          "a.svg",
        ),
      ),
    ],
    [
      "PNG magic then junk",
      form((fd) =>
        fd.set(field, new Blob([pngBytes.subarray(0, 16), "junk"], { type: "image/png" }), "a.png"),
      ),
    ],
    [
      "two files",
      form((fd) => {
        fd.append(field, new Blob(["x"]), "a.png");
        fd.append(field, new Blob([pngBytes]), "b.png");
      }),
    ],
  ];
  return [
    ...forms.map(([label, fd]) => ({
      label: `multipart: ${label}`,
      make: (auth: Record<string, string>) => request(route, auth, { body: fd() }),
    })),
    {
      label: "multipart: a real PNG",
      make: (auth) =>
        request(route, auth, {
          body: form((fd) => fd.set(field, new Blob([pngBytes], { type: "image/png" }), "ok.png"))(),
        }),
    },
  ];
}

function rawCase(route: Route, raw: RawBody, extraHeaders?: Record<string, string>): Built {
  return {
    label: `raw: ${raw.label}`,
    make: (auth) =>
      request(route, auth, { body: raw.body as BodyInit, type: raw.contentType, headers: extraHeaders }),
  };
}

async function casesFor(route: Route, role: Role, full: boolean, rng: Rng): Promise<Built[]> {
  const out: Built[] = [];
  if (route.method === "GET") {
    const param = route.query ?? "q";
    const count = full ? FULL_CASES : SHORT_CASES;
    for (let i = 0; i < count; i++) {
      const hostile = i === 0 ? HOSTILE_VALUES[0]! : rng.pick(HOSTILE_VALUES);
      const value = text(hostile.value()).slice(0, 20_000);
      out.push({
        label: `?${param}=${hostile.label}`,
        make: (auth) => request(route, auth, { query: `?${param}=${encodeQuery(value)}&${param}=2` }),
      });
    }
    out.push({ label: "no query", make: (auth) => request(route, auth, {}) });
    out.push({
      label: "percent junk",
      make: (auth) => request(route, auth, { query: `?${param}=%ZZ%00%ff%c3` }),
    });
    return out;
  }

  const base = route.base ? await route.base(fixtures) : undefined;
  for (const c of jsonCases(rng, base, full ? FULL_CASES : SHORT_CASES)) {
    const body = serialize(c.body);
    out.push({
      label: c.label,
      make: (auth) => request(route, auth, body === undefined ? {} : { body, type: "application/json" }),
    });
  }
  // the authorised role gets the core raw bodies and a rotating share of the rest; every call shares readBody,
  // so each raw body still meets many calls in a pass
  const raws = full
    ? [
        ...RAW_BODIES.filter((r) => r.core),
        ...RAW_BODIES.filter((r) => !r.core).filter(() => rng.next() < 0.3),
      ]
    : [rng.pick(RAW_BODIES), rng.pick(RAW_BODIES)];
  for (const raw of raws) out.push(rawCase(route, raw));
  if (route.upload && full) out.push(...uploadCases(route));
  if (route.path === "/api/order/webhook") {
    for (const signature of [
      "garbage",
      "t=1,v1=abc",
      `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`,
      "x".repeat(8_000),
    ]) {
      out.push(
        rawCase(
          route,
          {
            label: `signature ${signature.slice(0, 12)}`,
            body: '{"id":"evt","type":"checkout.session.completed"}',
            contentType: "application/json",
          },
          { "stripe-signature": signature },
        ),
      );
    }
    out.push(...signedEvents(rng));
  }
  if (route.path.startsWith("/api/order/c") && full) {
    for (const key of ["", " ", "x".repeat(300), "' OR 1=1 --", "é-ключ".replace(/[^\x00-\xff]/g, "?")]) {
      out.push({
        label: `Idempotency-Key ${JSON.stringify(key.slice(0, 12))}`,
        make: (auth) =>
          request(route, auth, {
            body: JSON.stringify(fixtures.orderBody),
            type: "application/json",
            headers: { "idempotency-key": key },
          }),
      });
    }
  }
  return out;
}

// ------------------------------------------------------------------------------------------------ checking

const LEAKS =
  /\n\s+at |\[object |prisma|invalid byte sequence|TypeError|ReferenceError|RangeError|ECONN|undefined|NaN/i;

function envelopeProblem(route: Route, status: number, response: Response, body: string): string | undefined {
  if (status >= 500) return `status ${status}: ${body.slice(0, 200)}`;
  if (route.redirect) {
    const location = response.headers.get("location") ?? "";
    return status === 303 &&
      /\/dashboard\/profile\?verified=[01]$|\/email-change-undone\?result=(done|invalid|taken)$/.test(location)
      ? undefined
      : `redirect ${status} ${location}`;
  }
  let parsed: { success?: unknown; error?: unknown; message?: unknown };
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    return `not JSON (${status}): ${body.slice(0, 120)}`;
  }
  if (typeof parsed !== "object" || parsed === null) return `not an envelope: ${body.slice(0, 120)}`;
  if (parsed.success !== status < 400 || parsed.error !== status >= 400)
    return `envelope flags wrong for ${status}`;
  const message = parsed.message;
  if (typeof message !== "string" || !message.trim()) return "no message";
  if (status >= 400 && (message.length > 300 || LEAKS.test(message)))
    return `unreadable message: ${message.slice(0, 300)}`;
  return undefined;
}

async function run(route: Route, role: Role, full: boolean, rng: Rng): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const cases = await casesFor(route, role, full, rng);
  fingerprint = await fingerprinter.take(); // building the cases may have written (fresh tokens)
  for (const c of cases) {
    const auth = await credentials(role, route, rng);
    if (route.endsSession && role === "shopper") fingerprint = await fingerprinter.take(); // the throwaway user
    const response = await route.handler(c.make(auth), { params: Promise.resolve({}) } as never);
    const body = await response.text();
    await flushMail();
    const after = await fingerprinter.take();
    let problem = envelopeProblem(route, response.status, response, body);
    if (!problem && response.status >= 400) {
      const allowed = route.refusalMayChange?.status === response.status ? route.refusalMayChange.tables : [];
      const changed = fingerprinter.diff(fingerprint, after).filter((t) => !allowed.includes(t));
      if (changed.length) problem = `refused with ${response.status} but changed ${changed.join(", ")}`;
    }
    fingerprint = after;
    outcomes.push({ label: `${role} ${c.label}`, status: response.status, problem });
  }
  return outcomes;
}

const ROLES: Record<Route["who"], Role[]> = {
  public: ["guest", "shopper"],
  user: ["guest", "shopper"],
  admin: ["guest", "shopper", "admin"],
};
const REACHES: Record<Route["who"], Role> = { public: "guest", user: "shopper", admin: "admin" };

describe(`hostile input on every REST call (seed ${SEED})`, () => {
  ROUTES.forEach((route, index) => {
    it(`${route.method} ${route.path}`, async () => {
      const rng = prng(SEED + index);
      const outcomes: Outcome[] = [];
      for (const role of ROLES[route.who])
        outcomes.push(...(await run(route, role, role === REACHES[route.who], rng)));

      expect(outcomes.filter((o) => o.problem).map((o) => `${o.label} → ${o.problem}`)).toEqual([]);
      // the validation behind the auth check was reached: the authorised role got more than 401/403/429
      const reached = outcomes.filter(
        (o) => o.label.startsWith(REACHES[route.who]) && ![401, 403, 429].includes(o.status),
      );
      expect(reached.length, "no call got past the auth check").toBeGreaterThan(0);
      // guests never get in
      if (route.who !== "public") {
        expect(
          outcomes.filter((o) => o.label.startsWith("guest") && o.status < 400).map((o) => o.label),
        ).toEqual([]);
      }
      if (route.who === "admin") {
        expect(
          outcomes.filter((o) => o.label.startsWith("shopper") && o.status < 400).map((o) => o.label),
        ).toEqual([]);
      }
    });
  });

  it("left no prototype polluted and no role raised", async () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, "role")).toBe(false);
    const me = await prisma.user.findUniqueOrThrow({ where: { id: shopper.id }, select: { role: true } });
    expect(me.role).toBe("USER");
  });
});

describe("the parsers behind the server actions", () => {
  it("refuse NUL and lone surrogates with a 400 naming the field, the account unchanged", async () => {
    const user = await makeUser("USER", "fuzz-actions@example.com");
    const viewer = {
      id: user.id,
      role: "USER" as const,
      email: user.email,
      name: user.name,
      via: "session" as const,
    };
    for (const [name, message] of [
      ["Ann\u0000", "name must not contain NUL characters"],
      ["Ann\ud800", "name must be valid Unicode text"],
    ]) {
      await expect(
        updateProfile(viewer, { name, email: user.email, mobile: "9876543210" }),
      ).rejects.toMatchObject({
        status: 400,
        message,
      });
    }
    expect(await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).toEqual(user);
  });
});
