"use client";

import { useEffect, useId, useRef, useState } from "react";
import { toast, Toaster } from "sonner";
import { ScooterIcon, XIcon } from "@/components/ui/icons";
import { useModalDialog } from "@/components/ui/use-modal-dialog";
import { TOAST_DURATION_MS } from "@/components/ui/toast-policy";
import { normalisePhone, PHONE_MESSAGE } from "@/lib/phone";

// Spec §5: the same words as the server (lib/partners/register-partner.ts).
export const REQUIRED_MESSAGE = "Name and phone are required";
const FAILED_MESSAGE = "Could not send your application. Please try again.";
/**
 * A modal <dialog> sits in the browser's top layer, above the page's toaster; its own toaster (sonner's
 * multi-toaster `id`) shows the errors above the backdrop. The success toast goes to the page's toaster, as the
 * dialog closes.
 */
const DIALOG_TOASTER = "partner-dialog";

type Field = "name" | "phone" | "vehicle";
type Values = Record<Field, string>;
const EMPTY: Values = { name: "", phone: "", vehicle: "" };

/**
 * The delivery-partner application (spec §2 registration modal). A native modal <dialog>: the rest of the
 * page is inert while it is open, Escape and the close button close it, and the opener gets focus back
 * (the parent unmounts it on close, which also resets the form).
 */
export function PartnerApplyDialog({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [error, setError] = useState<{ message: string; fields: Field[] } | null>(null);
  const [pending, setPending] = useState(false);
  const id = useId();
  // this dialog's toasts, dismissed when it closes (they would otherwise wait for the next opening)
  const toastIds = useRef(new Set<string | number>());

  // showModal would focus the first control (the close button); start at the first field instead
  useModalDialog(ref, nameInput);

  useEffect(() => {
    const ids = toastIds.current;
    return () => {
      for (const t of ids) toast.dismiss(t);
      ids.clear();
    };
  }, []);

  const fail = (message: string, fields: Field[]) => {
    setError({ message, fields });
    toastIds.current.add(toast.error(message, { toasterId: DIALOG_TOASTER }));
  };

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const name = values.name.trim();
    const phone = values.phone.trim();
    if (!name || !phone) {
      fail(REQUIRED_MESSAGE, [!name && "name", !phone && "phone"].filter(Boolean) as Field[]);
      return;
    }
    if (!normalisePhone(phone)) {
      fail(`${PHONE_MESSAGE} (for example 98765 43210 or +91 98765 43210)`, ["phone"]);
      return;
    }

    setPending(true);
    setError(null);
    try {
      const response = await fetch("/api/delivery-partner/register", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name, phone, vehicle: values.vehicle.trim() || undefined }),
      });
      const body = (await response.json().catch(() => null)) as {
        message?: string;
        fieldErrors?: Partial<Record<Field, string[]>>;
      } | null;
      if (response.ok) {
        toast.success(body?.message ?? "Thank you for registering!");
        ref.current?.close();
        return;
      }
      const fields = Object.keys(body?.fieldErrors ?? {}).filter((k): k is Field => k in EMPTY);
      fail(body?.message ?? FAILED_MESSAGE, fields);
    } catch {
      fail(FAILED_MESSAGE, []);
    } finally {
      setPending(false);
    }
  }

  const field = (name: Field) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: e.target.value })),
    "aria-invalid": error?.fields.includes(name) || undefined,
    "aria-describedby": error?.fields.includes(name) ? `${id}-error` : undefined,
    className:
      "h-11 w-full rounded-xl border border-line bg-canvas px-3 text-ink outline-none transition-colors " +
      "placeholder:text-muted/80 focus:border-brand-500 focus:bg-white aria-invalid:border-red-500",
  });

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      // a click on the backdrop (the dialog box itself, outside the panel) closes it
      onClick={(e) => e.target === e.currentTarget && e.currentTarget.close()}
      aria-labelledby={`${id}-title`}
      data-testid="partner-dialog"
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-black/50 backdrop:backdrop-blur-[2px]"
    >
      <Toaster
        id={DIALOG_TOASTER}
        position="top-center"
        richColors
        closeButton
        duration={TOAST_DURATION_MS.default}
        visibleToasts={3}
      />
      <div className="relative p-6">
        <button
          type="button"
          onClick={() => ref.current?.close()}
          aria-label="Close"
          className="absolute top-4 right-4 flex size-9 items-center justify-center rounded-full text-muted hover:bg-canvas hover:text-ink"
        >
          <XIcon className="size-5" />
        </button>
        <span className="flex size-12 items-center justify-center rounded-2xl bg-accent-100 text-brand-700">
          <ScooterIcon className="size-7" />
        </span>
        <h2 id={`${id}-title`} className="mt-4 text-xl font-bold tracking-tight">
          Become a delivery partner
        </h2>
        <p className="mt-1 text-sm text-muted">
          Deliver groceries in your neighbourhood and earn on your own schedule. We will call you back.
        </p>

        <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-name`} className="text-sm font-semibold">
              Name
            </label>
            <input {...field("name")} ref={nameInput} autoComplete="name" placeholder="Your full name" maxLength={80} />
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-phone`} className="text-sm font-semibold">
              Phone
            </label>
            <input
              {...field("phone")}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="10-digit mobile number"
              maxLength={20}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-vehicle`} className="text-sm font-semibold">
              Vehicle <span className="font-normal text-muted">(optional)</span>
            </label>
            <input {...field("vehicle")} placeholder="Bike, scooter, bicycle…" maxLength={40} />
          </div>

          {error && (
            <p id={`${id}-error`} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
              {error.message}
            </p>
          )}

          <button
            type="submit"
            disabled={pending}
            className="mt-1 inline-flex h-12 items-center justify-center rounded-xl bg-brand-600 text-base font-bold text-white transition-colors hover:bg-brand-700 disabled:opacity-60"
          >
            {pending ? "Sending…" : "Submit application"}
          </button>
        </form>
      </div>
    </dialog>
  );
}
