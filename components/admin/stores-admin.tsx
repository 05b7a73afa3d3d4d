"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import {
  FieldList,
  Form,
  FormStatus,
  SubmitButton,
  type FieldSpec,
} from "@/components/ui/form-field";
import { useServerAction, type ServerAction } from "@/components/ui/use-action";
import { useActionForm } from "@/components/ui/use-zod-form";
import {
  createStoreAction,
  deleteStoreAction,
  updateStoreAction,
} from "@/lib/stores/admin-actions";
import { storeFormSchema, toStoreInput, type StoreFormValues } from "@/lib/stores/form";
import { PauseToggle } from "./pause-dialog";
import { StoreStaffDialog } from "./store-staff-dialog";
import type { StoreSummary } from "@/lib/stores/lookup";

/** A store as the Stores screen gets it from the server (lib/stores). */
export type StoreRow = StoreSummary;

/** The stores list with its controls; every change refreshes the server-rendered page. */
export function StoresAdmin({ stores }: { stores: StoreRow[] }) {
  const router = useRouter();
  const [editing, setEditing] = useState<StoreRow | "new" | null>(null);
  const [removing, setRemoving] = useState<StoreRow | null>(null);
  const [staffOf, setStaffOf] = useState<StoreRow | null>(null);
  const remove = useServerAction(deleteStoreAction, {
    onSuccess: () => {
      setRemoving(null);
      router.refresh();
    },
    onFailure: () => setRemoving(null),
  });

  return (
    <>
      <div className="flex justify-end">
        <button
          type="button"
          onClick={() => setEditing("new")}
          className="h-10 rounded-xl bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
        >
          New store
        </button>
      </div>
      <ul className="mt-4 divide-y divide-line rounded-2xl border border-line" aria-label="Stores">
        {stores.map((s) => (
          <li
            key={s.id}
            data-testid="store-row"
            data-store-id={s.id}
            className="flex flex-wrap items-center gap-3 px-3 py-3 md:px-4"
          >
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-semibold text-ink">{s.name}</span>
                <span className="text-xs text-muted">{s.id}</span>
                {s.isDefault && <span className="text-xs font-semibold text-brand-700">Default store</span>}
              </p>
              <p className="mt-0.5 text-sm text-muted">
                {s.area} · {s.hours} · {s.pickers} {s.pickers === 1 ? "picker" : "pickers"} ·{" "}
                {s.radiusKm > 0 ? `${s.radiusKm} km` : "no radius"}
                {s.pincodes.length > 0 && ` · ${s.pincodes.length} pincodes`}
              </p>
              <StoreState store={s} />
            </div>
            <div className="flex flex-wrap gap-2">
              <PauseToggle store={s} onDone={() => router.refresh()} />
              <Link
                href={`/dashboard/stores/${s.id}/stock`}
                aria-label={`Stock of ${s.name}`}
                className="flex h-10 items-center rounded-xl border border-line px-4 text-sm font-semibold text-ink hover:bg-canvas"
              >
                Stock
              </Link>
              <button
                type="button"
                onClick={() => setStaffOf(s)}
                aria-label={`Staff of ${s.name}`}
                className="h-10 rounded-xl border border-line px-4 text-sm font-semibold text-ink hover:bg-canvas"
              >
                Staff
              </button>
              <button
                type="button"
                onClick={() => setEditing(s)}
                className="h-10 rounded-xl border border-line px-4 text-sm font-semibold text-ink hover:bg-canvas"
              >
                Edit
              </button>
              <button
                type="button"
                onClick={() => setRemoving(s)}
                aria-label={`Delete ${s.name}`}
                className="h-10 rounded-xl border border-line px-4 text-sm font-semibold text-red-700 hover:bg-red-50"
              >
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
      {editing && (
        <StoreDialog
          store={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            router.refresh();
          }}
        />
      )}
      {staffOf && <StoreStaffDialog store={staffOf} onClose={() => setStaffOf(null)} />}
      {removing && (
        <ConfirmDialog
          title={`Delete ${removing.name}?`}
          message="A store with open orders or the default store cannot be deleted; pause it instead. Its stock history is kept."
          confirmLabel="Delete"
          pending={remove.pending}
          onConfirm={() => void remove.run({ _id: removing.id })}
          onClose={() => setRemoving(null)}
        />
      )}
    </>
  );
}

function StoreState({ store: s }: { store: StoreRow }) {
  if (s.paused)
    return (
      <p className="mt-1 text-sm font-semibold text-amber-800" data-testid="store-state">
        Paused{s.pausedReason ? `: ${s.pausedReason}` : ""}
      </p>
    );
  return (
    <p
      className={`mt-1 text-sm font-semibold ${s.open ? "text-brand-700" : "text-muted"}`}
      data-testid="store-state"
    >
      {s.open ? "Open, taking orders" : `Closed, opens at ${s.opensAt}`}
    </p>
  );
}

const FIELDS: FieldSpec<Exclude<keyof StoreFormValues, "_id">>[] = [
  { name: "name", label: "Name", placeholder: "Kwikmart Koramangala" },
  { name: "area", label: "Area", placeholder: "Koramangala" },
  { name: "address", label: "Address", placeholder: "80 Feet Road, 4th Block", wide: true },
  { name: "lat", label: "Latitude", inputMode: "decimal", placeholder: "12.9352" },
  { name: "lng", label: "Longitude", inputMode: "decimal", placeholder: "77.6245" },
  {
    name: "radiusKm",
    label: "Service radius (km)",
    inputMode: "decimal",
    required: false,
    hint: "0 to serve only the pincodes below",
  },
  { name: "pickers", label: "Pickers", inputMode: "numeric" },
  { name: "opensAt", label: "Opens at", placeholder: "07:00", hint: "Shop time; 00:00 to 24:00 is all day" },
  { name: "closesAt", label: "Closes at", placeholder: "23:00" },
  {
    name: "pincodes",
    label: "Served pincodes",
    required: false,
    wide: true,
    placeholder: "560034, 560095",
    hint: "Besides the radius; separate with commas",
  },
];

function StoreDialog({
  store,
  onClose,
  onDone,
}: {
  store: StoreRow | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const defaults: StoreFormValues = store
    ? {
        _id: store.id,
        name: store.name,
        area: store.area,
        address: store.address,
        lat: String(store.lat),
        lng: String(store.lng),
        radiusKm: String(store.radiusKm),
        pincodes: store.pincodes.join(", "),
        pickers: String(store.pickers),
        opensAt: store.opensAt,
        closesAt: store.closesAt,
      }
    : {
        _id: "",
        name: "",
        area: "",
        address: "",
        lat: "",
        lng: "",
        radiusKm: "2.5",
        pincodes: "",
        pickers: "2",
        opensAt: "00:00",
        closesAt: "24:00",
      };
  // one mount per dialog, so the action never changes under the form
  const action = (store ? updateStoreAction : createStoreAction) as ServerAction<
    ReturnType<typeof toStoreInput>,
    { id: string }
  >;
  const state = useActionForm(storeFormSchema, defaults, action, {
    toInput: toStoreInput,
    onDone,
  });
  const title = store ? `Edit ${store.name}` : "New store";
  return (
    <Dialog title={title} onClose={onClose} layout="form" size="lg" testId="store-dialog">
      <Form label={title} onSubmit={state.submit}>
        <FieldList specs={FIELDS} field={state.field} columns={2} />
        <FormStatus message={state.message} />
        <SubmitButton pending={state.pending} pendingLabel="Saving…">
          {store ? "Save store" : "Create store"}
        </SubmitButton>
      </Form>
    </Dialog>
  );
}
