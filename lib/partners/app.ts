import "server-only";
import type { PartnerViewer } from "@/lib/auth/partner";
import { prisma, runTx, type Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { recordOrderEvent } from "@/lib/events/record";
import { localMinuteOfDay } from "@/lib/stores/hours";
import { haversineKm } from "@/lib/stores/geo";
import { now as clockNow, shopTimeZone } from "@/lib/ops/clock";
import { DOOR_CODE_TRIES, doorCodeMatches } from "@/lib/orders/door-code";
import { partnerTransition, type LockedOrder } from "@/lib/orders/lifecycle";
import { lockOrder } from "@/lib/orders/lock";
import { normaliseOrderNumber } from "@/lib/orders/order-number";
import { fromAddressSnapshot } from "@/lib/orders/records";
import { ORDER_NOT_FOUND, type OrderStatusValue } from "@/lib/orders/types";
import { switchAvailability } from "./admin";
import type { HelpValues, LocationValues, PartnerStep, StepValues } from "./app-schema";
import { cashInHand } from "./ledger";

// The partner app (issue 17): a delivery partner with an account owns their availability, sees their current
// delivery and takes its steps: picked up (once the store has packed it) → arrived → delivered with the shopper's
// door code, or "customer unavailable", which ends the attempt (the order goes back to the store: cancelled, its
// stock returned, a paid order refunded). The status changes are the order lifecycle's own (lib/orders/lifecycle.ts),
// taken as the order's partner; arrival, positions and calls for help are events on the order.

/** Where a delivery stands, from the partner's side. */
export type DeliveryStage = "packing" | "pickup" | "on_the_way" | "at_door";

export const STAGE_LABEL: Record<DeliveryStage, string> = {
  packing: "Being packed",
  pickup: "Ready for pickup",
  on_the_way: "On the way",
  at_door: "At the door",
};

/** The one step to take next in each stage (null while the store packs). */
export const NEXT_STEP: Record<DeliveryStage, PartnerStep | null> = {
  packing: null,
  pickup: "picked",
  on_the_way: "arrived",
  at_door: "delivered",
};

export const STEP_LABEL: Record<PartnerStep, string> = {
  picked: "Picked up",
  arrived: "Arrived",
  delivered: "Delivered",
  unavailable: "Customer unavailable",
};

export const UNAVAILABLE_REASON = "Customer unavailable";
export const NOT_ON_DELIVERY = "You are not on a delivery; your location is shared only during one.";
export const DOOR_CODE_LOCKED =
  "Too many wrong codes: this delivery is locked. Call the store; they can complete it for you.";
export const wrongCodeMessage = (left: number) => `Wrong code, ${left} ${left === 1 ? "try" : "tries"} left`;

/** A partner's current delivery, as the app shows it. */
export type PartnerDelivery = {
  orderNumber: string;
  status: OrderStatusValue;
  stage: DeliveryStage;
  stageLabel: string;
  /** the big button's step; null while the store is still packing */
  nextStep: PartnerStep | null;
  store: { id: string; name: string; address: string };
  itemCount: number;
  customerFirstName: string;
  address: { line: string; house: string; landmark: string; city: string; pincode: string; mobile: string };
  /** straight line, store → address, 1 decimal; null when the address has no known point */
  distanceKm: number | null;
  /** cash to collect at the door; null when paid (by card, or already collected) */
  cashToCollectPaise: number | null;
  /** the shopper's tip on this order: the partner's to keep (in the cash to collect, for cash on delivery) */
  tipPaise: number;
  doorCodeTriesLeft: number;
  /** five wrong codes: only the store can complete it now */
  locked: boolean;
  /** ISO 8601 */
  assignedAt: string;
  etaAt: string;
};

export type PartnerToday = { deliveriesDone: number; tipsPaise: number; cashInHandPaise: number };

export type PartnerHome = {
  partnerName: string;
  /** on duty: available for orders, or on a delivery */
  online: boolean;
  delivery: PartnerDelivery | null;
  today: PartnerToday;
};

export function stageOf(status: OrderStatusValue, assignment: { arrivedAt: Date | null } | null): DeliveryStage {
  if (status === "PLACED") return "packing";
  if (status === "PACKED") return "pickup";
  return assignment?.arrivedAt ? "at_door" : "on_the_way";
}

/** 409 for a step out of order, naming where the delivery stands and the step to take. */
function outOfOrder(stage: DeliveryStage): AppError {
  const next = NEXT_STEP[stage];
  const message =
    stage === "packing"
      ? "The store has not packed this order yet (Being packed): tap Picked up once it is packed."
      : `That step is out of order: this delivery is ${STAGE_LABEL[stage].toLowerCase()}; the next step is ${STEP_LABEL[next!]}.`;
  return new AppError("CONFLICT", message);
}

/** Which stage each step is taken from. */
const STEP_FROM: Record<PartnerStep, DeliveryStage> = {
  picked: "pickup",
  arrived: "on_the_way",
  delivered: "at_door",
  unavailable: "at_door",
};

const requireStage = (step: PartnerStep) => (order: LockedOrder) => {
  if (order.status === "DELIVERED" || order.status === "CANCELLED") return; // the lifecycle says "already …"
  const stage = stageOf(order.status, order.assignment);
  if (stage !== STEP_FROM[step]) throw outOfOrder(stage);
};

const ACTIVE = { completedAt: null, order: { status: { notIn: ["DELIVERED", "CANCELLED"] as OrderStatusValue[] } } };

/** The partner's current delivery, or null. */
export async function currentDelivery(partner: PartnerViewer): Promise<PartnerDelivery | null> {
  const row = await prisma.partnerAssignment.findFirst({
    where: { partnerId: partner.partnerId, ...ACTIVE },
    orderBy: { assignedAt: "desc" },
    select: {
      assignedAt: true,
      etaAt: true,
      arrivedAt: true,
      order: {
        select: {
          orderNumber: true,
          status: true,
          itemCount: true,
          totalPaise: true,
          tipPaise: true,
          paymentMethod: true,
          paymentStatus: true,
          addressSnapshot: true,
          addressId: true,
          doorCodeTries: true,
          user: { select: { name: true } },
          store: { select: { id: true, name: true, address: true, lat: true, lng: true } },
        },
      },
    },
  });
  if (!row) return null;
  const order = row.order;
  const address = fromAddressSnapshot(order.addressSnapshot);
  const [store, point] = await Promise.all([
    order.store ??
      prisma.store.findFirst({
        where: { isDefault: true },
        select: { id: true, name: true, address: true, lat: true, lng: true },
      }),
    addressPoint(order.addressId, address.pincode),
  ]);
  const stage = stageOf(order.status, row);
  const firstName = (address.receiverName || order.user.name).trim().split(/\s+/)[0] ?? "";
  return {
    orderNumber: order.orderNumber,
    status: order.status,
    stage,
    stageLabel: STAGE_LABEL[stage],
    nextStep: NEXT_STEP[stage],
    store: { id: store?.id ?? "", name: store?.name ?? "", address: store?.address ?? "" },
    itemCount: order.itemCount,
    customerFirstName: firstName,
    address: {
      line: address.addressLine,
      house: address.house,
      landmark: address.landmark,
      city: address.city,
      pincode: address.pincode,
      mobile: address.mobile,
    },
    distanceKm: store && point ? Math.round(haversineKm(store, point) * 10) / 10 : null,
    cashToCollectPaise:
      order.paymentMethod === "CASH_ON_DELIVERY" && order.paymentStatus !== "PAID" ? order.totalPaise : null,
    tipPaise: order.tipPaise,
    doorCodeTriesLeft: Math.max(0, DOOR_CODE_TRIES - order.doorCodeTries),
    locked: order.doorCodeTries >= DOOR_CODE_TRIES,
    assignedAt: row.assignedAt.toISOString(),
    etaAt: row.etaAt.toISOString(),
  };
}

/** The address's saved coordinates, else its pincode's centroid. */
async function addressPoint(addressId: string | null, pincode: string) {
  if (addressId) {
    const saved = await prisma.address.findUnique({ where: { id: addressId }, select: { lat: true, lng: true } });
    if (saved?.lat != null && saved?.lng != null) return { lat: saved.lat, lng: saved.lng };
  }
  if (!pincode) return null;
  return prisma.pincode.findUnique({ where: { code: pincode }, select: { lat: true, lng: true } });
}

/** Today (the shop's time zone): deliveries done, the tips on them and the cash in hand. */
export async function partnerToday(partner: PartnerViewer): Promise<PartnerToday> {
  const at = clockNow();
  const minutes = localMinuteOfDay(at, shopTimeZone());
  const since = new Date(at.getTime() - minutes * 60_000 - at.getSeconds() * 1000 - at.getMilliseconds());
  const deliveredToday = { partnerId: partner.partnerId, order: { status: "DELIVERED" as const, deliveredAt: { gte: since } } };
  const [deliveriesDone, tipped, cashInHandPaise] = await Promise.all([
    prisma.partnerAssignment.count({ where: deliveredToday }),
    // every rupee of a tip is the partner's (issue 18): the tips of today's deliveries
    prisma.partnerAssignment.findMany({ where: deliveredToday, select: { order: { select: { tipPaise: true } } } }),
    cashInHand(prisma, partner.partnerId),
  ]);
  const tipsPaise = tipped.reduce((sum, a) => sum + a.order.tipPaise, 0);
  return { deliveriesDone, tipsPaise, cashInHandPaise };
}

/** Everything the app's home screen shows, from the server. */
export async function partnerHome(partner: PartnerViewer): Promise<PartnerHome> {
  const [row, delivery, today] = await Promise.all([
    prisma.deliveryPartner.findUniqueOrThrow({ where: { id: partner.partnerId }, select: { isAvailable: true } }),
    currentDelivery(partner),
    partnerToday(partner),
  ]);
  return { partnerName: partner.name, online: row.isAvailable || delivery !== null, delivery, today };
}

/**
 * Online / Offline (the partner owns it now; admins can still force it). Offline is refused during a delivery;
 * online hands a queued order of their store at once, as the admin's switch does.
 */
export async function setOnline(partner: PartnerViewer, online: boolean): Promise<PartnerHome> {
  await switchAvailability(
    { id: partner.viewer.id, email: partner.viewer.email },
    { partnerId: partner.partnerId, isAvailable: online },
    "partner",
  );
  return partnerHome(partner);
}

export const STEP_DONE: Record<PartnerStep, string> = {
  picked: "Picked up. Ride safe!",
  arrived: "Arrived. Ask the customer for the 4-digit code.",
  delivered: "Delivered. Well done!",
  unavailable: "Attempt ended: the order goes back to the store.",
};

/** Locks the order row and reads what a partner's step checks; another partner's (or a finished) order: 404. */
async function lockOwnOrder(tx: Tx, partnerId: string, orderNumber: string) {
  const found = await tx.order.findUnique({ where: { orderNumber }, select: { id: true } });
  if (!found) throw new AppError("NOT_FOUND", ORDER_NOT_FOUND);
  const order = await lockOrder(tx, found.id, {
    id: true,
    status: true,
    doorCodeSalt: true,
    doorCodeHash: true,
    doorCodeTries: true,
    assignment: { select: { id: true, partnerId: true, completedAt: true, pickedUpAt: true, arrivedAt: true } },
  });
  const a = order.assignment;
  if (!a || a.partnerId !== partnerId || a.completedAt) throw new AppError("NOT_FOUND", ORDER_NOT_FOUND);
  return { ...order, assignment: a };
}

type CodeCheck = { ok: true } | { ok: false; left: number };

/** The door code against the order's, counted: its own transaction, so a wrong try is kept. */
async function checkDoorCode(partnerId: string, orderNumber: string, code: string): Promise<CodeCheck> {
  return runTx(async (tx) => {
    const order = await lockOwnOrder(tx, partnerId, orderNumber);
    requireStage("delivered")(order);
    if (order.doorCodeTries >= DOOR_CODE_TRIES) throw new AppError("CONFLICT", DOOR_CODE_LOCKED);
    if (doorCodeMatches(order, code)) return { ok: true } as const;
    const tries = order.doorCodeTries + 1;
    await tx.order.update({ where: { id: order.id }, data: { doorCodeTries: tries } });
    await tx.partnerAssignment.update({ where: { id: order.assignment.id }, data: { lastSeenAt: new Date() } });
    return { ok: false, left: DOOR_CODE_TRIES - tries } as const;
  });
}

/**
 * A step of the partner's current delivery. Returns what to say and the delivery now current (null when it ended
 * and nothing else was handed to them; the next queued order when something was).
 */
export async function takeStep(
  partner: PartnerViewer,
  input: StepValues,
): Promise<{ message: string; delivery: PartnerDelivery | null }> {
  const orderNumber = normaliseOrderNumber(input.orderId);
  const { partnerId } = partner;
  switch (input.step) {
    case "picked":
      await partnerTransition(partnerId, orderNumber, "OUT_FOR_DELIVERY", { check: requireStage("picked") });
      break;
    case "arrived":
      await runTx(async (tx) => {
        const order = await lockOwnOrder(tx, partnerId, orderNumber);
        if (order.status === "DELIVERED" || order.status === "CANCELLED") throw new AppError("NOT_FOUND", ORDER_NOT_FOUND);
        requireStage("arrived")(order);
        const at = new Date();
        await tx.partnerAssignment.update({
          where: { id: order.assignment.id },
          data: { arrivedAt: at, lastSeenAt: at },
        });
        await recordOrderEvent(tx, order.id, "partner", { step: "arrived", label: "Partner arrived", at: at.toISOString() });
      });
      break;
    case "delivered": {
      const checked = await checkDoorCode(partnerId, orderNumber, input.code ?? "");
      if (!checked.ok) {
        if (checked.left <= 0) throw new AppError("CONFLICT", DOOR_CODE_LOCKED);
        throw new AppError("VALIDATION", wrongCodeMessage(checked.left), {
          fieldErrors: { code: [wrongCodeMessage(checked.left)] },
        });
      }
      await partnerTransition(partnerId, orderNumber, "DELIVERED", { check: requireStage("delivered") });
      break;
    }
    case "unavailable":
      await partnerTransition(partnerId, orderNumber, "CANCELLED", {
        reason: UNAVAILABLE_REASON,
        check: requireStage("unavailable"),
      });
      break;
  }
  return { message: STEP_DONE[input.step], delivery: await currentDelivery(partner) };
}

/** A position while on a delivery: an event on the order (the live page's rider) and the last-seen time. */
export async function sharePosition(partner: PartnerViewer, input: LocationValues): Promise<{ at: string }> {
  const at = new Date();
  await runTx(async (tx) => {
    const active = await tx.partnerAssignment.findFirst({
      where: { partnerId: partner.partnerId, ...ACTIVE },
      orderBy: { assignedAt: "desc" },
      select: { id: true, orderId: true },
    });
    if (!active) throw new AppError("CONFLICT", NOT_ON_DELIVERY);
    await tx.partnerAssignment.update({ where: { id: active.id }, data: { lastSeenAt: at } });
    await recordOrderEvent(tx, active.orderId, "position", { lat: input.lat, lng: input.lng, at: at.toISOString() });
  });
  return { at: at.toISOString() };
}

export const HELP_SENT = "The store has been told; they will call you.";

/** "Need help": logged on the order, where the store's board shows it. */
export async function askForHelp(partner: PartnerViewer, input: HelpValues): Promise<{ at: string }> {
  const orderNumber = normaliseOrderNumber(input.orderId);
  const at = new Date();
  await runTx(async (tx) => {
    const order = await lockOwnOrder(tx, partner.partnerId, orderNumber);
    await tx.partnerAssignment.update({ where: { id: order.assignment.id }, data: { lastSeenAt: at } });
    await recordOrderEvent(tx, order.id, "help", {
      partner: partner.name,
      note: input.note || "Needs help",
      at: at.toISOString(),
    });
  });
  return { at: at.toISOString() };
}
