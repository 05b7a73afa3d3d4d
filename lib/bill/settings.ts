import "server-only";
import { recordAudit, type AuditActor, type AuditValues } from "@/lib/audit";
import { changedFields } from "@/lib/audit/changes";
import { prisma, runTx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { reloadOnce, type KeptTable } from "@/lib/kept-table";
import { now, shopTimeZone } from "@/lib/ops/clock";
import { findStore, listStores } from "@/lib/stores";
import { computeBill, type AppliedFees, type Bill, type ItemsTotals } from "./compute";
import {
  DEFAULT_FEES,
  feesAt,
  NO_OVERRIDES,
  STORE_OVERRIDE_KEYS,
  type FeeSettings,
  type StoreFeeOverrides,
} from "./schedule";
import { minutesOf, paiseOf, type highDemandSchema, type shopFeesSchema, type storeFeesSchema } from "./schemas";
import type { z } from "zod";

// The fee settings (FeeSetting: the "shop" row and a row per store that differs) and the bill at a store now. Read
// on every cart and order, so they are kept in the process for FEES_TTL_MS; a change made here drops the copy at
// once (other instances see it within the TTL; an order is always priced with what its instance sees, and the shopper
// is shown any difference: lib/orders/place-order.ts).

export const FEES_TTL_MS = 15_000;

type FeeTable = { shop: FeeSettings; stores: ReadonlyMap<string, StoreFeeOverrides>; loadedAt: number };
type Slot = KeptTable<FeeTable>;
const slot: Slot = ((globalThis as { __kwikmartFees?: Slot }).__kwikmartFees ??= { table: null });

async function load(): Promise<FeeTable> {
  const rows = await prisma.feeSetting.findMany();
  const shopRow = rows.find((r) => r.scope === "shop");
  const shop: FeeSettings = shopRow
    ? {
        deliveryFeePaise: shopRow.deliveryFeePaise ?? DEFAULT_FEES.deliveryFeePaise,
        freeDeliveryFromPaise: shopRow.freeDeliveryFromPaise ?? DEFAULT_FEES.freeDeliveryFromPaise,
        handlingFeePaise: shopRow.handlingFeePaise ?? DEFAULT_FEES.handlingFeePaise,
        smallCartFeePaise: shopRow.smallCartFeePaise ?? DEFAULT_FEES.smallCartFeePaise,
        smallCartBelowPaise: shopRow.smallCartBelowPaise ?? DEFAULT_FEES.smallCartBelowPaise,
        lateNightFeePaise: shopRow.lateNightFeePaise ?? DEFAULT_FEES.lateNightFeePaise,
        lateNightFrom: shopRow.lateNightFrom ?? DEFAULT_FEES.lateNightFrom,
        lateNightTo: shopRow.lateNightTo ?? DEFAULT_FEES.lateNightTo,
        highDemandFeePaise: shopRow.highDemandFeePaise ?? DEFAULT_FEES.highDemandFeePaise,
      }
    : DEFAULT_FEES;
  const stores = new Map<string, StoreFeeOverrides>();
  for (const r of rows) {
    if (!r.storeId) continue;
    stores.set(r.storeId, {
      deliveryFeePaise: r.deliveryFeePaise,
      freeDeliveryFromPaise: r.freeDeliveryFromPaise,
      handlingFeePaise: r.handlingFeePaise,
      smallCartFeePaise: r.smallCartFeePaise,
      smallCartBelowPaise: r.smallCartBelowPaise,
      highDemandFeePaise: r.highDemandFeePaise,
      highDemand: r.highDemand,
    });
  }
  return { shop, stores, loadedAt: Date.now() };
}

/** The shop's fee settings and the stores' overrides (kept FEES_TTL_MS). */
export async function feeTable(): Promise<FeeTable> {
  const t = slot.table;
  if (t && Date.now() - t.loadedAt < FEES_TTL_MS) return t;
  // one read for every caller meanwhile: when the copy runs out during a burst of checkouts, each would read it
  return reloadOnce(slot, load);
}

/** Drops the kept settings: the next read loads them. */
export function invalidateFees(): void {
  slot.table = null;
  slot.loading = null;
}

/** The fees that apply at a store at `at` (the shop's clock by default). */
export async function appliedFees(storeId: string, at: Date = now()): Promise<AppliedFees> {
  const [table, store] = await Promise.all([feeTable(), findStore(storeId)]);
  const overrides = table.stores.get(storeId) ?? NO_OVERRIDES;
  return feesAt(table.shop, { ...overrides, area: store?.area ?? storeId }, at, shopTimeZone());
}

/** The bill of items at a store now, with the fees it applied (the cart's nudges need them). */
export async function billAt(storeId: string, items: ItemsTotals, at: Date = now()): Promise<{ bill: Bill; fees: AppliedFees }> {
  const fees = await appliedFees(storeId, at);
  return { bill: computeBill(items, fees), fees };
}

// The Fees screen (admins; the page and every action check the role).

export type StoreFeesView = { id: string; name: string; area: string } & StoreFeeOverrides;
export type FeesView = { shop: FeeSettings; stores: StoreFeesView[] };

export async function feesView(): Promise<FeesView> {
  invalidateFees();
  const [table, stores] = await Promise.all([feeTable(), listStores()]);
  return {
    shop: table.shop,
    stores: stores.map((s) => ({ id: s.id, name: s.name, area: s.area, ...(table.stores.get(s.id) ?? NO_OVERRIDES) })),
  };
}

const SHOP_KEYS = Object.keys(DEFAULT_FEES) as (keyof FeeSettings)[];

/** Sets the shop-wide fees; records what changed (nothing changed: no entry). */
export async function updateShopFees(actor: AuditActor, input: z.output<typeof shopFeesSchema>): Promise<FeeSettings> {
  const next: FeeSettings = {
    deliveryFeePaise: paiseOf(input.deliveryFee),
    freeDeliveryFromPaise: paiseOf(input.freeDeliveryFrom),
    handlingFeePaise: paiseOf(input.handlingFee),
    smallCartFeePaise: paiseOf(input.smallCartFee),
    smallCartBelowPaise: paiseOf(input.smallCartBelow),
    lateNightFeePaise: paiseOf(input.lateNightFee),
    lateNightFrom: minutesOf(input.lateNightFrom),
    lateNightTo: minutesOf(input.lateNightTo),
    highDemandFeePaise: paiseOf(input.highDemandFee),
  };
  await runTx(async (tx) => {
    const row = await tx.feeSetting.findUnique({ where: { scope: "shop" } });
    const before: FeeSettings = row
      ? (Object.fromEntries(SHOP_KEYS.map((k) => [k, row[k] ?? DEFAULT_FEES[k]])) as FeeSettings)
      : DEFAULT_FEES;
    await tx.feeSetting.upsert({ where: { scope: "shop" }, create: { scope: "shop", ...next }, update: next });
    const changed = changedFields(before, next, SHOP_KEYS);
    if (changed) {
      await recordAudit(tx, {
        actor,
        action: "fee.shop",
        subject: { type: "setting", id: "shop", label: "Shop-wide fees" },
        ...changed,
      });
    }
  });
  invalidateFees();
  return next;
}

async function storeLabel(storeId: string): Promise<string> {
  const store = await findStore(storeId);
  if (!store) throw new AppError("NOT_FOUND", `Unknown store: ${storeId}`);
  return store.name;
}

const overridesOf = (row: Partial<StoreFeeOverrides> | null): StoreFeeOverrides => ({
  ...NO_OVERRIDES,
  ...(row ? Object.fromEntries(Object.entries(row).filter(([k]) => k in NO_OVERRIDES)) : {}),
});

async function writeStore(
  actor: AuditActor,
  storeId: string,
  change: (current: StoreFeeOverrides) => StoreFeeOverrides,
  action: "fee.store" | "fee.highDemand",
): Promise<StoreFeeOverrides> {
  const label = await storeLabel(storeId);
  const next = await runTx(async (tx) => {
    const row = await tx.feeSetting.findUnique({ where: { scope: storeId } });
    const before = overridesOf(row);
    const after = change(before);
    const data = { ...after };
    await tx.feeSetting.upsert({
      where: { scope: storeId },
      create: { scope: storeId, storeId, ...data },
      update: data,
    });
    const keys = [...STORE_OVERRIDE_KEYS, "highDemand"] as (keyof StoreFeeOverrides)[];
    const changed = changedFields(before as unknown as AuditValues, after as unknown as AuditValues, keys);
    if (changed) {
      await recordAudit(tx, { actor, action, subject: { type: "store", id: storeId, label }, ...changed });
    }
    return after;
  });
  invalidateFees();
  return next;
}

/** Sets a store's own fees (empty: the shop's). */
export function updateStoreFees(actor: AuditActor, input: z.output<typeof storeFeesSchema>): Promise<StoreFeeOverrides> {
  const amount = (text: string) => (text === "" ? null : paiseOf(text));
  return writeStore(
    actor,
    input.storeId,
    (current) => ({
      ...current,
      deliveryFeePaise: amount(input.deliveryFee),
      freeDeliveryFromPaise: amount(input.freeDeliveryFrom),
      handlingFeePaise: amount(input.handlingFee),
      smallCartFeePaise: amount(input.smallCartFee),
      smallCartBelowPaise: amount(input.smallCartBelow),
      highDemandFeePaise: amount(input.highDemandFee),
    }),
    "fee.store",
  );
}

/** Switches a store's high-demand fee on or off (an admin's call: a surge, rain, few riders). */
export function setHighDemand(actor: AuditActor, input: z.output<typeof highDemandSchema>): Promise<StoreFeeOverrides> {
  return writeStore(actor, input.storeId, (current) => ({ ...current, highDemand: input.on }), "fee.highDemand");
}
