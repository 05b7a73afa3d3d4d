// A worker that dies mid-run, for tests/integration/jobs.test.ts. It takes the release-expired-holds job, does half
// of it (releases FIRST_ORDER_ID's hold the way the real handler does), says so on stdout, and hangs there until the
// test kills it with SIGKILL: no graceful stop, no failure written, the job left active as a crash leaves it.
// Run like `npm run worker`: node --conditions=react-server --import tsx tests/support/killed-job-worker.ts
import { createBoss } from "@/lib/queue";
import { cancelUnpaidOrder } from "@/lib/orders";

const orderId = process.env.FIRST_ORDER_ID!;
const boss = createBoss("worker", { supervise: false, schedule: false });
await boss.start();
await boss.work("release-expired-holds", { pollingIntervalSeconds: 0.5 }, async ([job]) => {
  await cancelUnpaidOrder({ orderId, event: null, restoreCart: false });
  console.log(`halfway ${job!.id}`);
  await new Promise(() => {});
});
console.log("ready");
