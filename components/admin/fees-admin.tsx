"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { FieldList, FieldsForm, Form, FormStatus, SubmitButton, type FieldSpec } from "@/components/ui/form-field";
import { useServerAction } from "@/components/ui/use-action";
import { useActionForm } from "@/components/ui/use-zod-form";
import { setHighDemandAction, updateShopFeesAction, updateStoreFeesAction } from "@/lib/bill/actions";
import type { FeeSettings, StoreFeeOverrides } from "@/lib/bill/schedule";
import { rupeesText, shopFeesSchema, storeFeesSchema, type ShopFeesForm, type StoreFeesForm } from "@/lib/bill/schemas";
import { formatPaise } from "@/lib/money";

// The admin's Fees screen (issue 18): the shop-wide fees, and per store its own amounts (empty: the shop's) and the
// high-demand switch. Every change is audited; placed orders keep the bill they were placed with.

export type StoreFeesRow = { id: string; name: string; area: string } & StoreFeeOverrides;

const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;

const SHOP_FIELDS: FieldSpec<keyof ShopFeesForm>[] = [
  { name: "deliveryFee", label: "Delivery fee (₹)", inputMode: "decimal" },
  { name: "freeDeliveryFrom", label: "Free delivery from (₹)", inputMode: "decimal", hint: "Orders of this much and above" },
  { name: "handlingFee", label: "Handling fee (₹)", inputMode: "decimal" },
  { name: "smallCartFee", label: "Small cart fee (₹)", inputMode: "decimal" },
  { name: "smallCartBelow", label: "Small cart fee below (₹)", inputMode: "decimal" },
  { name: "highDemandFee", label: "High demand fee (₹)", inputMode: "decimal", hint: "Where a store switches it on" },
  { name: "lateNightFee", label: "Late night fee (₹)", inputMode: "decimal", hint: "0: no late-night fee" },
  { name: "lateNightFrom", label: "Late night from", placeholder: "23:00", hint: "Shop's time zone" },
  { name: "lateNightTo", label: "Late night until", placeholder: "06:00" },
];

const STORE_FIELDS: FieldSpec<Exclude<keyof StoreFeesForm, "storeId">>[] = [
  { name: "deliveryFee", label: "Delivery fee (₹)", inputMode: "decimal", required: false },
  { name: "freeDeliveryFrom", label: "Free delivery from (₹)", inputMode: "decimal", required: false },
  { name: "handlingFee", label: "Handling fee (₹)", inputMode: "decimal", required: false },
  { name: "smallCartFee", label: "Small cart fee (₹)", inputMode: "decimal", required: false },
  { name: "smallCartBelow", label: "Small cart fee below (₹)", inputMode: "decimal", required: false },
  { name: "highDemandFee", label: "High demand fee (₹)", inputMode: "decimal", required: false },
];

export function FeesAdmin({ shop, stores }: { shop: FeeSettings; stores: StoreFeesRow[] }) {
  const router = useRouter();
  const [editing, setEditing] = useState<StoreFeesRow | null>(null);
  const state = useActionForm(
    shopFeesSchema,
    {
      deliveryFee: rupeesText(shop.deliveryFeePaise),
      freeDeliveryFrom: rupeesText(shop.freeDeliveryFromPaise),
      handlingFee: rupeesText(shop.handlingFeePaise),
      smallCartFee: rupeesText(shop.smallCartFeePaise),
      smallCartBelow: rupeesText(shop.smallCartBelowPaise),
      lateNightFee: rupeesText(shop.lateNightFeePaise),
      lateNightFrom: clock(shop.lateNightFrom),
      lateNightTo: clock(shop.lateNightTo),
      highDemandFee: rupeesText(shop.highDemandFeePaise),
    },
    updateShopFeesAction,
    { onDone: () => router.refresh() },
  );
  const demand = useServerAction(setHighDemandAction, { onSuccess: () => router.refresh() });

  return (
    <>
      <section aria-labelledby="shop-fees" className="rounded-2xl border border-line p-4" data-testid="shop-fees">
        <h2 id="shop-fees" className="text-base font-bold text-ink">
          Shop-wide fees
        </h2>
        <p className="mt-1 mb-4 text-sm text-muted">
          What every store charges unless it sets its own. Set a fee to 0 to charge none.
        </p>
        <FieldsForm
          label="Shop-wide fees"
          state={state}
          specs={SHOP_FIELDS}
          columns={2}
          submitLabel="Save fees"
          pendingLabel="Saving…"
          buttonWidth="sm:w-48"
        />
      </section>
      <section aria-labelledby="store-fees" className="mt-6">
        <h2 id="store-fees" className="text-base font-bold text-ink">
          Stores
        </h2>
        <ul className="mt-3 divide-y divide-line rounded-2xl border border-line" aria-label="Store fees">
          {stores.map((s) => {
            const own = (["deliveryFeePaise", "freeDeliveryFromPaise", "handlingFeePaise", "smallCartFeePaise", "smallCartBelowPaise", "highDemandFeePaise"] as const)
              .filter((k) => s[k] !== null)
              .map((k) => `${LABELS[k]} ${formatPaise(s[k]!)}`);
            return (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 p-3" data-testid="store-fees-row">
                <span className="min-w-0">
                  <span className="block font-semibold text-ink">{s.name}</span>
                  <span className="block text-sm text-muted">
                    {own.length ? own.join(" · ") : "The shop's fees"}
                    {s.highDemand && <span className="ml-2 font-semibold text-amber-800">High demand on</span>}
                  </span>
                </span>
                <span className="flex gap-2">
                  <button
                    type="button"
                    onClick={() => void demand.run({ storeId: s.id, on: !s.highDemand })}
                    disabled={demand.pending}
                    aria-pressed={s.highDemand}
                    className="h-9 rounded-lg border border-line px-3 text-sm font-semibold text-ink hover:bg-canvas"
                  >
                    {s.highDemand ? "Switch high demand off" : "Switch high demand on"}
                  </button>
                  <button
                    type="button"
                    onClick={() => setEditing(s)}
                    className="h-9 rounded-lg bg-brand-600 px-3 text-sm font-semibold text-white hover:bg-brand-700"
                  >
                    Edit fees
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      </section>
      {editing && (
        <StoreFeesDialog
          store={editing}
          onClose={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            router.refresh();
          }}
        />
      )}
    </>
  );
}

const LABELS = {
  deliveryFeePaise: "Delivery",
  freeDeliveryFromPaise: "free from",
  handlingFeePaise: "Handling",
  smallCartFeePaise: "Small cart",
  smallCartBelowPaise: "below",
  highDemandFeePaise: "High demand",
} as const;

function StoreFeesDialog({ store, onClose, onDone }: { store: StoreFeesRow; onClose: () => void; onDone: () => void }) {
  const text = (paise: number | null) => (paise === null ? "" : rupeesText(paise));
  const state = useActionForm(
    storeFeesSchema,
    {
      storeId: store.id,
      deliveryFee: text(store.deliveryFeePaise),
      freeDeliveryFrom: text(store.freeDeliveryFromPaise),
      handlingFee: text(store.handlingFeePaise),
      smallCartFee: text(store.smallCartFeePaise),
      smallCartBelow: text(store.smallCartBelowPaise),
      highDemandFee: text(store.highDemandFeePaise),
    },
    updateStoreFeesAction,
    { onDone },
  );
  const title = `Fees at ${store.name}`;
  return (
    <Dialog title={title} onClose={onClose} layout="form" size="lg" testId="store-fees-dialog">
      <Form label={title} onSubmit={state.submit}>
        <p className="text-sm text-muted">Leave an amount empty for the shop&apos;s.</p>
        <FieldList specs={STORE_FIELDS} field={state.field} columns={2} />
        <FormStatus message={state.message} />
        <SubmitButton pending={state.pending} pendingLabel="Saving…">
          Save store fees
        </SubmitButton>
      </Form>
    </Dialog>
  );
}
