import "server-only";
import type { Tx } from "@/lib/db";
import { announce } from "./bus";

// Recording an order's live event (issue 17): inside the transaction that made the change, so the event exists
// exactly when the change does, and the notification (pg_notify is delivered at commit, never for a rolled-back
// transaction) wakes every instance's hub (./hub.ts) to read it.

export { ORDER_EVENTS_CHANNEL } from "./bus";

export type OrderEventKind = "status" | "position" | "partner" | "help";

/** The notification's payload: "<orderId>:<kind>" (a cuid has no colon), so the board can skip rider positions. */
export const notification = (orderId: string, kind: OrderEventKind) => `${orderId}:${kind}`;

export function parseNotification(payload: string): { orderId: string; kind: string } {
  const at = payload.lastIndexOf(":");
  return at < 0 ? { orderId: payload, kind: "status" } : { orderId: payload.slice(0, at), kind: payload.slice(at + 1) };
}

/** Records an event of the order (its internal id) and tells every instance; returns the event's id. */
export async function recordOrderEvent(
  tx: Tx,
  orderId: string,
  kind: OrderEventKind,
  data: Record<string, unknown>,
): Promise<bigint> {
  const rows = await tx.$queryRaw<{ id: bigint }[]>`
    INSERT INTO "OrderEvent" ("orderId", kind, data) VALUES (${orderId}, ${kind}, ${JSON.stringify(data)}::jsonb)
    RETURNING id`;
  await announce(tx, notification(orderId, kind));
  return rows[0]!.id;
}
