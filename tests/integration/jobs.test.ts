import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import type PgBoss from "pg-boss";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as checkoutRoute } from "@/app/api/order/checkout/route";
import { issueTokenPair } from "@/lib/auth/tokens";
import { prisma } from "@/lib/db";
import { JOBS, runWorkers } from "@/lib/jobs";
import { log } from "@/lib/log";
import { sendMail } from "@/lib/mail";
import { discountedPricePaise, toRupees } from "@/lib/money";
import { listMyOrders } from "@/app/api/_rest/orders";
import { createBoss, failedJobs, QUEUE_NAMES, QUEUES, stopProcessBoss } from "@/lib/queue";
import { call, uniqueEmail } from "../fakes/accounts-api";
import { startFakeResend } from "../fakes/resend-server";
import { installDemoStores } from "../support/demo-stores";

// checkout sells from the dark store serving the address: 560001 is the default store "main"'s
beforeAll(async () => {
  await installDemoStores();
});

// Issue 14 item 6: jobs on pg-boss in the test database. A job killed mid-run is retried and its work happens once;
// the worker registers every queue and schedule of lib/queue/queues.ts; a job that uses up its retries writes the
// "job gave up" line and shows in failedJobs(). No worker runs in the other test files: only this one starts one.

process.env.STRIPE_SECRET_KEY = "";
process.env.STRIPE_WEBHOOK_SECRET = "";
vi.stubEnv("ALLOW_TEST_PAYMENTS", "1");

let boss: PgBoss;
let child: ChildProcess | undefined;

beforeAll(async () => {
  // the worker a test drives: maintenance every second (expiring a dead worker's job quickly), no cron clock
  boss = createBoss("worker", { maintenanceIntervalSeconds: 1, schedule: false });
  await boss.start();
  // mails other test files queued for their own fake Resend servers are not this file's
  await boss.purgeQueue("send-mail");
  await runWorkers(boss, { only: ["send-mail"], pollingIntervalSeconds: 1 });
});

afterEach(() => {
  vi.restoreAllMocks();
  delete process.env.RESEND_API_KEY;
  delete process.env.RESEND_BASE_URL;
});

afterAll(async () => {
  child?.kill("SIGKILL");
  await boss.stop({ graceful: true, timeout: 2_000 });
  await stopProcessBoss(1_000); // the pg-boss failedJobs() started in this process
});

async function expiredCardOrders(
  count: number,
  product: { id: string; pricePaise: number; discount: number },
) {
  const orders: { id: string; orderNumber: string; userId: string }[] = [];
  for (let i = 0; i < count; i++) {
    const user = await prisma.user.create({
      data: { name: "Job Payer", email: uniqueEmail("jobs"), passwordHash: "-" },
    });
    const address = await prisma.address.create({
      data: {
        userId: user.id,
        addressLine: "9 Park Street",
        city: "Bengaluru",
        state: "KA",
        country: "India",
        pincode: "560001",
        mobile: "9876543210",
      },
    });
    await prisma.cartItem.create({ data: { userId: user.id, productId: product.id, quantity: 2 } });
    const total = toRupees(discountedPricePaise(product.pricePaise, product.discount) * 2);
    const res = await call(
      checkoutRoute,
      "POST",
      "/api/order/checkout",
      {
        list_items: [{ productId: product.id, quantity: 2 }],
        addressId: address.id,
        subTotalAmt: total,
        totalAmt: total,
      },
      { token: (await issueTokenPair(user)).accessToken },
    );
    expect(res.status, res.body.message).toBe(201);
    const order = await prisma.order.update({
      where: { orderNumber: res.body.orderId as string },
      data: { holdExpiresAt: new Date(Date.now() - 60_000) },
      select: { id: true, orderNumber: true, userId: true },
    });
    orders.push(order);
  }
  return orders;
}

const makeProduct = (stock: number) =>
  prisma.product.create({
    data: {
      name: `Job Rice ${randomUUID().slice(0, 6)}`,
      images: ["/media/catalog/rice.webp"],
      unit: "1 kg",
      stock,
      pricePaise: 9_000,
      discount: 0,
      description: "test",
    },
  });
const stockOf = async (id: string) => (await prisma.product.findUniqueOrThrow({ where: { id } })).stock;

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false>,
  ms = 30_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("jobs on pg-boss", () => {
  it("shopper requests no longer release holds: the job does", async () => {
    const product = await makeProduct(6);
    const [order] = await expiredCardOrders(1, product);
    const viewer = {
      id: order!.userId,
      role: "USER" as const,
      email: "-",
      name: "-",
      via: "session" as const,
    };
    // listing orders used to run the sweep; now the expired order waits for the job
    expect((await listMyOrders(viewer))[0]).toMatchObject({
      orderId: order!.orderNumber,
      status: "PENDING_PAYMENT",
    });
    const run = { id: "direct", attempt: 1, lastAttempt: false };
    const output = (await JOBS["release-expired-holds"]({}, run)) as { orderNumbers: string[] };
    expect(output.orderNumbers).toContain(order!.orderNumber);
    expect(await stockOf(product.id)).toBe(6);
  });

  it("the worker registers every queue, with retries and backoff, and every schedule", async () => {
    await runWorkers(boss, { only: [] });
    for (const name of QUEUE_NAMES) {
      const queue = await boss.getQueue(name);
      expect(queue, name).toMatchObject({
        name,
        retryLimit: QUEUES[name].retryLimit,
        retryDelay: QUEUES[name].retryDelay,
        retryBackoff: true,
        expireInSeconds: QUEUES[name].expireInSeconds,
        policy: QUEUES[name].policy,
      });
    }
    const schedules = Object.fromEntries((await boss.getSchedules()).map((s) => [s.name, s.cron]));
    expect(schedules).toEqual({
      "release-expired-holds": "* * * * *",
      "retry-refunds": "*/5 * * * *",
      "hand-out-queued-orders": "* * * * *",
      "prune-rider-positions": "17 * * * *",
    });
  });

  it("a job killed mid-run is retried and does its work once", async () => {
    const product = await makeProduct(10);
    const orders = await expiredCardOrders(3, product);
    expect(await stockOf(product.id)).toBe(4);

    // a short expiry and retry delay in place of the declared ones, to keep the test short
    const jobId = (await boss.send("release-expired-holds", {}, { expireInSeconds: 5, retryDelay: 1 }))!;
    expect(jobId).toBeTruthy();

    // a separate worker process takes the job, releases the first order and is killed there
    child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", "tests/support/killed-job-worker.ts"],
      { env: { ...process.env, FIRST_ORDER_ID: orders[0]!.id }, stdio: ["ignore", "pipe", "inherit"] },
    );
    let output = "";
    child.stdout!.on("data", (d) => (output += d));
    await until("the child worker to be halfway", async () => output.includes(`halfway ${jobId}`), 45_000);
    child.kill("SIGKILL");
    await new Promise((r) => child!.once("exit", r));
    child = undefined;

    const killed = await boss.getJobById("release-expired-holds", jobId);
    expect(killed).toMatchObject({ state: "active", retryCount: 0 });
    expect(await prisma.order.findUniqueOrThrow({ where: { id: orders[0]!.id } })).toMatchObject({
      status: "CANCELLED",
    });
    expect(await stockOf(product.id)).toBe(6);

    // this test's worker: maintenance expires the dead run after 5 s, the retry (with backoff) runs the real handler
    await runWorkers(boss, { only: ["release-expired-holds"], pollingIntervalSeconds: 1 });
    const done = await until("the retried job to complete", async () => {
      const job = await boss.getJobById("release-expired-holds", jobId);
      return job?.state === "completed" ? job : null;
    });
    expect(done.retryCount).toBe(1);
    const released = (done.output as { orderNumbers: string[] }).orderNumbers;
    expect(released).toEqual(expect.arrayContaining([orders[1]!.orderNumber, orders[2]!.orderNumber]));
    expect(released).not.toContain(orders[0]!.orderNumber);

    for (const order of orders) {
      expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
        status: "CANCELLED",
        holdExpiresAt: null,
      });
    }
    // every unit back exactly once: 10, not 12
    expect(await stockOf(product.id)).toBe(10);
  });

  it("a mail for Resend waits in the outbox and the send-mail job sends it", async () => {
    const fake = await startFakeResend();
    try {
      process.env.RESEND_API_KEY = "re_test_key";
      process.env.RESEND_BASE_URL = fake.url;
      const to = uniqueEmail("queued");
      const result = await sendMail({
        to,
        subject: "Your basket is on its way",
        html: "<p>Soon</p>",
        text: "Soon",
      });
      expect(result).toMatchObject({ ok: true, provider: "resend", queued: true });
      const sent = await until("the mail job to send it", async () => {
        const row = await prisma.mailOutbox.findFirst({ where: { to } });
        return row?.provider === "resend" ? row : null;
      });
      // a record of what was sent, without the body
      expect(sent).toMatchObject({ html: "", text: "", error: null });
      expect(fake.received).toEqual([
        expect.objectContaining({ to, subject: "Your basket is on its way", text: "Soon" }),
      ]);
    } finally {
      await fake.close();
    }
  });

  it("a job that uses up its retries writes the 'job gave up' line and shows in failedJobs()", async () => {
    const fake = await startFakeResend();
    try {
      fake.setMode("fail");
      process.env.RESEND_API_KEY = "re_test_key";
      process.env.RESEND_BASE_URL = fake.url;
      const to = uniqueEmail("giveup");
      const mail = await prisma.mailOutbox.create({
        data: {
          to,
          subject: "Never delivered",
          html: "<p>code 123456</p>",
          text: "code 123456",
          provider: "resend:queued",
        },
      });
      // caught here rather than printed: the lines are the point of the test
      vi.spyOn(log, "warn").mockImplementation(() => {});
      const errors = vi.spyOn(log, "error").mockImplementation(() => {});

      // one retry, one second apart, in place of the declared five over half an hour
      const jobId = (await boss.send("send-mail", { id: mail.id }, { retryLimit: 1, retryDelay: 1 }))!;
      const failed = await until("the mail job to fail for good", async () => {
        const job = await boss.getJobById("send-mail", jobId);
        return job?.state === "failed" ? job : null;
      });
      expect(failed.retryCount).toBe(1);
      expect(failed.retryBackoff).toBe(true);

      expect(errors).toHaveBeenCalledWith(
        expect.objectContaining({ job: "send-mail", id: jobId, attempt: 2 }),
        "job gave up",
      );
      const listed = (await failedJobs({ name: "send-mail" })).find((j) => j.id === jobId);
      expect(listed).toMatchObject({ name: "send-mail", attempts: 2, data: { id: mail.id } });
      expect(listed!.error).toMatch(/fake outage/);
      // the outbox row says so, and no longer holds the body (it may hold a one-time code)
      expect(await prisma.mailOutbox.findUniqueOrThrow({ where: { id: mail.id } })).toMatchObject({
        provider: "resend:failed",
        html: "",
        text: "",
        error: expect.stringMatching(/fake outage/),
      });
      expect(fake.received).toHaveLength(0);
    } finally {
      await fake.close();
    }
  });
});
