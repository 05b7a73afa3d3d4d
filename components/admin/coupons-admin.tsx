"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { FieldError, FieldList, Form, FormStatus, SubmitButton, type FieldSpec } from "@/components/ui/form-field";
import { useServerAction, type ServerAction } from "@/components/ui/use-action";
import { messageOf, useActionForm } from "@/components/ui/use-zod-form";
import { createCouponAction, deleteCouponAction, updateCouponAction } from "@/lib/coupons/actions";
import { couponExplain, formatShopDate, type Coupon } from "@/lib/coupons/rules";
import { couponFormSchema, toCouponBody, type CouponFormValues } from "@/lib/coupons/schemas";
import { ChipSelect } from "./chip-select";

// The admin's Coupons screen (issue 18): every coupon with its terms, limits and uses; New coupon and Edit open the
// form dialog, Activate / Deactivate switch it at once, Delete asks first. Every change is audited; placed orders
// keep their discount.

export type CouponRow = Coupon & { createdAt: Date; updatedAt: Date };
type StoreOption = { id: string; name: string };

export function CouponsAdmin({
  coupons,
  stores,
  timeZone,
}: {
  coupons: CouponRow[];
  stores: StoreOption[];
  timeZone: string;
}) {
  const router = useRouter();
  const [editing, setEditing] = useState<CouponRow | "new" | null>(null);
  const [removing, setRemoving] = useState<CouponRow | null>(null);
  const toggle = useServerAction(updateCouponAction, { onSuccess: () => router.refresh() });
  const remove = useServerAction(deleteCouponAction, {
    onSuccess: () => {
      setRemoving(null);
      router.refresh();
    },
    onFailure: () => setRemoving(null),
  });
  const storeName = new Map(stores.map((s) => [s.id, s.name]));
  const when = (at: Date | null) => (at ? formatShopDate(at, timeZone) : null);

  return (
    <>
      <div className="flex justify-end">
        <button
          type="button"
          onClick={() => setEditing("new")}
          className="h-10 rounded-xl bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
        >
          New coupon
        </button>
      </div>
      {coupons.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-line p-6 text-center text-sm text-muted" data-testid="coupons-empty">
          No coupons yet. Make one with New coupon.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-line rounded-2xl border border-line" aria-label="Coupons">
          {coupons.map((c) => {
            const from = when(c.validFrom);
            const to = when(c.validTo);
            const limits = [
              c.firstOrderOnly ? "first order only" : null,
              c.perUserLimit !== null ? `${c.perUserLimit} per shopper` : null,
              `used ${c.usedCount}${c.totalLimit !== null ? ` of ${c.totalLimit}` : ""}`,
            ].filter(Boolean);
            return (
              <li
                key={c.id}
                data-testid="coupon-row"
                data-code={c.code}
                className="flex flex-wrap items-center gap-3 px-3 py-3 md:px-4"
              >
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-baseline gap-x-2">
                    <span className="font-bold text-ink">{c.code}</span>
                    <span
                      data-testid="coupon-state"
                      className={`text-xs font-semibold ${c.active ? "text-brand-700" : "text-muted"}`}
                    >
                      {c.active ? "Active" : "Inactive"}
                    </span>
                  </p>
                  <p className="mt-0.5 text-sm text-ink">{couponExplain(c)}</p>
                  <p className="mt-0.5 text-sm text-muted">
                    {limits.join(" · ")}
                    {(from || to) && ` · ${from ? `from ${from}` : ""}${from && to ? " " : ""}${to ? `until ${to}` : ""}`}
                    {c.storeIds.length > 0 && ` · ${c.storeIds.map((id) => storeName.get(id) ?? id).join(", ")}`}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    disabled={toggle.pending}
                    onClick={() => void toggle.run({ _id: c.id, active: !c.active })}
                    aria-label={`${c.active ? "Deactivate" : "Activate"} ${c.code}`}
                    className="h-10 rounded-xl border border-line px-4 text-sm font-semibold text-ink hover:bg-canvas disabled:opacity-60"
                  >
                    {c.active ? "Deactivate" : "Activate"}
                  </button>
                  <button
                    type="button"
                    onClick={() => setEditing(c)}
                    aria-label={`Edit ${c.code}`}
                    className="h-10 rounded-xl border border-line px-4 text-sm font-semibold text-ink hover:bg-canvas"
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    onClick={() => setRemoving(c)}
                    aria-label={`Delete ${c.code}`}
                    className="h-10 rounded-xl border border-line px-4 text-sm font-semibold text-red-700 hover:bg-red-50"
                  >
                    Delete
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {editing && (
        <CouponDialog
          coupon={editing === "new" ? null : editing}
          stores={stores}
          onClose={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            router.refresh();
          }}
        />
      )}
      {removing && (
        <ConfirmDialog
          title={`Delete ${removing.code}?`}
          message="Shoppers' carts lose it; orders placed with it keep their discount. Deactivate it instead to keep its history on this screen."
          confirmLabel="Delete"
          pending={remove.pending}
          onConfirm={() => void remove.run({ _id: removing.id })}
          onClose={() => setRemoving(null)}
        />
      )}
    </>
  );
}

const MONEY_FIELDS: FieldSpec<"value" | "maxDiscount" | "minOrder">[] = [
  { name: "value", label: "Value", inputMode: "decimal", hint: "Rupees off (flat) or the percent (percent)" },
  { name: "maxDiscount", label: "Maximum discount (₹)", inputMode: "decimal", required: false, hint: "Percent coupons; empty: no cap" },
  { name: "minOrder", label: "Minimum order (₹)", inputMode: "decimal", required: false, hint: "Items total; empty: any" },
];

const LIMIT_FIELDS: FieldSpec<"validFrom" | "validTo" | "perUserLimit" | "totalLimit">[] = [
  { name: "validFrom", label: "Valid from", type: "datetime-local", required: false, hint: "Empty: from now" },
  { name: "validTo", label: "Valid until", type: "datetime-local", required: false, hint: "Empty: no end" },
  { name: "perUserLimit", label: "Uses per shopper", inputMode: "numeric", required: false, hint: "Empty: no limit" },
  { name: "totalLimit", label: "Uses in all", inputMode: "numeric", required: false, hint: "Empty: no limit" },
];

/** An instant as a datetime-local input's value, in the admin's own time. */
function localInput(at: Date | null): string {
  if (!at) return "";
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const rupees = (paise: number | null) => (paise === null ? "" : String(paise / 100));

function CouponDialog({
  coupon,
  stores,
  onClose,
  onDone,
}: {
  coupon: CouponRow | null;
  stores: StoreOption[];
  onClose: () => void;
  onDone: () => void;
}) {
  const defaults: CouponFormValues = coupon
    ? {
        _id: coupon.id,
        code: coupon.code,
        type: coupon.kind,
        value: coupon.kind === "flat" ? rupees(coupon.amountPaise) : String(coupon.percent ?? ""),
        maxDiscount: rupees(coupon.maxDiscountPaise),
        minOrder: coupon.minOrderPaise > 0 ? rupees(coupon.minOrderPaise) : "",
        validFrom: localInput(coupon.validFrom),
        validTo: localInput(coupon.validTo),
        perUserLimit: coupon.perUserLimit === null ? "" : String(coupon.perUserLimit),
        totalLimit: coupon.totalLimit === null ? "" : String(coupon.totalLimit),
        firstOrderOnly: coupon.firstOrderOnly,
        storeIds: coupon.storeIds,
        active: coupon.active,
      }
    : {
        _id: "",
        code: "",
        type: "flat",
        value: "",
        maxDiscount: "",
        minOrder: "",
        validFrom: "",
        validTo: "",
        perUserLimit: "1",
        totalLimit: "",
        firstOrderOnly: false,
        storeIds: [],
        active: true,
      };
  // one mount per dialog, so the action never changes under the form
  const action = (coupon ? updateCouponAction : createCouponAction) as ServerAction<
    ReturnType<typeof toCouponBody>,
    { id: string }
  >;
  const state = useActionForm(couponFormSchema, defaults, action, { toInput: toCouponBody, onDone });
  const { form } = state;
  const type = form.watch("type");
  const storeIds = form.watch("storeIds");
  const title = coupon ? `Edit ${coupon.code}` : "New coupon";
  return (
    <Dialog title={title} onClose={onClose} layout="form" size="lg" testId="coupon-dialog">
      <Form label={title} onSubmit={state.submit}>
        <FieldList
          specs={[{ name: "code", label: "Code", placeholder: "SAVE10", autoCapitalize: "characters", hint: "Shoppers type it in any case" }]}
          field={state.field}
        />
        <fieldset className="flex flex-col gap-1.5">
          <legend className="text-sm font-semibold text-ink">Type</legend>
          <div className="flex gap-4 text-sm">
            <label className="flex items-center gap-2">
              <input type="radio" value="flat" {...form.register("type")} className="size-4 accent-brand-600" /> Flat amount
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" value="percent" {...form.register("type")} className="size-4 accent-brand-600" /> Percent
            </label>
          </div>
        </fieldset>
        <FieldList
          specs={MONEY_FIELDS.filter((f) => f.name !== "maxDiscount" || type === "percent").map((f) =>
            f.name === "value" ? { ...f, label: type === "percent" ? "Percent off" : "Amount off (₹)" } : f,
          )}
          field={state.field}
          columns={2}
        />
        <FieldList specs={LIMIT_FIELDS} field={state.field} columns={2} />
        <div className="flex flex-col gap-1">
          <ChipSelect
            label="Stores"
            placeholder="Every store (pick to limit it)"
            options={stores}
            value={storeIds}
            onChange={(ids) => form.setValue("storeIds", ids, { shouldDirty: true })}
          />
          {messageOf(form.formState.errors, "storeIds") && (
            <FieldError>{messageOf(form.formState.errors, "storeIds")}</FieldError>
          )}
        </div>
        <label className="flex items-center gap-2 text-sm text-ink">
          <input type="checkbox" {...form.register("firstOrderOnly")} className="size-4 accent-brand-600" /> First
          order only
        </label>
        <label className="flex items-center gap-2 text-sm text-ink">
          <input type="checkbox" {...form.register("active")} className="size-4 accent-brand-600" /> Active (shoppers
          can use it)
        </label>
        <FormStatus message={state.message} />
        <SubmitButton pending={state.pending} pendingLabel="Saving…">
          {coupon ? "Save coupon" : "Create coupon"}
        </SubmitButton>
      </Form>
    </Dialog>
  );
}
