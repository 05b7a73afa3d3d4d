"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useAddresses } from "@/components/address/use-addresses";
import { useSession } from "@/components/auth/use-session";
import { Dialog } from "@/components/ui/dialog";
import { EMAIL_FIELD, Form, FormField, FormStatus, SubmitButton } from "@/components/ui/form-field";
import { AlertIcon, BoltIcon, PinIcon, SpinnerIcon } from "@/components/ui/icons";
import { failureText, useServerAction } from "@/components/ui/use-action";
import { useActionForm } from "@/components/ui/use-zod-form";
import { chooseLocationAction, notifyMeAction } from "@/lib/stores/actions";
import { pincodeFormSchema } from "@/lib/stores/location-choice";
import type { LocationView } from "@/lib/stores/location-view";
import { notifyMeSchema } from "@/lib/stores/schemas";

// The location sheet (issue 16, "Location first"): a bottom sheet on a phone, a centred card from 640 px; Escape and
// its × close it. Use my current location (the browser's geolocation), type a pincode, or (signed in) pick a saved
// address. The choice goes to chooseLocationAction, which sets the cookie; the page then refreshes, so the header,
// stock and ETA are the new store's. A place no store serves keeps the sheet open with "notify me".

export const GEO_UNSUPPORTED = "This browser cannot share your location. Type your pincode instead.";
export const GEO_INSECURE =
  "Your browser shares your location only with secure (https) sites. Type your pincode instead.";
export const GEO_DENIED =
  "Location access is blocked for this site. Allow it in your browser's settings, or type your pincode.";
export const GEO_FAILED = "We could not get your location. Type your pincode instead.";

type Props = { view: LocationView; onClose: () => void };

export default function LocationSheet({ view, onClose }: Props) {
  const router = useRouter();
  const { data: session } = useSession();
  const signedIn = !!session?.user;
  // the newest answer of the server for this sheet; the page's own view once the refresh has brought it
  const [latest, setLatest] = useState<LocationView | null>(null);
  const shown = latest ?? view;
  const [geoMessage, setGeoMessage] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const pincodeRef = useRef<HTMLInputElement | null>(null);

  const chosen = (next: LocationView) => {
    setLatest(next);
    router.refresh();
    if (next.state === "open") onClose();
  };

  const pincodeForm = useActionForm(pincodeFormSchema, { pincode: "" }, chooseLocationAction, {
    toastSuccess: false,
    quiet: true,
    onFailure: () => {},
    onDone: ({ data }) => chosen(data.view),
  });
  const pincodeField = pincodeForm.field("pincode");

  const choose = useServerAction(chooseLocationAction, {
    toastSuccess: false,
    toastFailure: false,
    onSuccess: (data) => chosen(data.view),
    onFailure: (failure) => {
      setGeoMessage(failureText(failure));
      pincodeRef.current?.focus();
    },
  });

  const toPincode = (message: string) => {
    setGeoMessage(message);
    setLocating(false);
    pincodeRef.current?.focus();
  };

  const useCurrentLocation = () => {
    setGeoMessage(null);
    if (!window.isSecureContext) return toPincode(GEO_INSECURE);
    if (!("geolocation" in navigator)) return toPincode(GEO_UNSUPPORTED);
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        void choose.run({ lat: position.coords.latitude, lng: position.coords.longitude });
      },
      (error) => toPincode(error.code === error.PERMISSION_DENIED ? GEO_DENIED : GEO_FAILED),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  const busy = locating || choose.pending || pincodeForm.pending;

  return (
    <Dialog title="Your delivery location" layout="form" size="md" testId="location-sheet" onClose={onClose}>
      <div className="flex flex-col gap-5">
        <CurrentPlace view={shown} />

        {shown.state === "unserved" && shown.pincode && (
          <NotifyMe
            key={shown.pincode}
            pincode={shown.pincode}
            area={shown.area}
            email={session?.user?.email ?? ""}
          />
        )}

        {shown.state !== "none" && (
          <h3 className="-mb-2 text-sm font-bold text-ink">Deliver somewhere else</h3>
        )}

        <div className="flex flex-col gap-2">
          <button
            type="button"
            onClick={useCurrentLocation}
            disabled={busy}
            data-testid="use-current-location"
            className="inline-flex h-11 w-full items-center justify-center gap-2 rounded-xl border border-brand-600 bg-brand-50 px-4 text-sm font-bold text-brand-700 hover:bg-brand-100 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {locating || choose.pending ? <SpinnerIcon className="size-4" /> : <PinIcon className="size-5" />}
            {locating ? "Finding you…" : "Use my current location"}
          </button>
          <div aria-live="polite" role="status">
            {geoMessage && (
              <p data-testid="location-geo-message" className="text-sm font-medium text-red-700">
                {geoMessage}
              </p>
            )}
          </div>
        </div>

        <Form label="Deliver to a pincode" onSubmit={pincodeForm.submit} className="flex flex-col gap-2">
          <div className="flex items-start gap-2">
            <div className="min-w-0 flex-1">
              <FormField
                label="Pincode"
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={7}
                placeholder="560034"
                hint="6 digits, such as 560034"
                {...pincodeField}
                ref={(el) => {
                  pincodeRef.current = el;
                  const ref = pincodeField.ref;
                  if (typeof ref === "function") ref(el);
                }}
              />
            </div>
            <div className="mt-7 w-28 shrink-0">
              <SubmitButton pending={pincodeForm.pending} pendingLabel="Checking…" disabled={busy}>
                Check
              </SubmitButton>
            </div>
          </div>
          <FormStatus message={pincodeForm.message} />
        </Form>

        {signedIn && <SavedAddresses disabled={busy} onPick={(addressId) => void choose.run({ addressId })} />}
      </div>
    </Dialog>
  );
}

/** What the chosen place gets now: the promise, or why not. */
function CurrentPlace({ view }: { view: LocationView }) {
  if (view.state === "none") {
    return (
      <p className="text-sm text-muted">Choose where to deliver to see the stock and delivery time there.</p>
    );
  }
  const tone =
    view.state === "open"
      ? "bg-brand-50 text-brand-800"
      : view.state === "closed"
        ? "bg-accent-50 text-accent-800"
        : "bg-red-50 text-red-700";
  const Icon = view.state === "open" ? BoltIcon : AlertIcon;
  return (
    <div
      role="status"
      data-testid="location-sheet-status"
      className={`flex gap-3 rounded-xl px-4 py-3 ${tone}`}
    >
      <Icon className="mt-0.5 size-5 shrink-0" />
      <div className="flex min-w-0 flex-col">
        <p className="font-bold">{view.headline}</p>
        {view.place && <p className="text-sm">{view.place}</p>}
      </div>
    </div>
  );
}

/** "Notify me" for a place no store serves: the e-mail (the account's, when signed in) and the pincode. */
function NotifyMe({ pincode, area, email }: { pincode: string; area: string | null; email: string }) {
  const [thanks, setThanks] = useState<string | null>(null);
  const state = useActionForm(notifyMeSchema, { email, pincode, area }, notifyMeAction, {
    toastSuccess: false,
    quiet: true,
    onFailure: () => {},
    onDone: ({ message }) => setThanks(message),
  });
  const { form } = state;
  // the session may arrive after the sheet opened
  useEffect(() => {
    if (email && !form.getValues("email")) form.setValue("email", email);
  }, [email, form]);

  if (thanks) {
    return (
      <p
        role="status"
        data-testid="notify-me-thanks"
        className="rounded-xl bg-brand-50 px-4 py-3 text-sm font-semibold text-brand-800"
      >
        {thanks}
      </p>
    );
  }
  return (
    <Form
      label="Notify me"
      onSubmit={state.submit}
      className="flex flex-col gap-3 rounded-xl border border-line p-4"
    >
      <p className="text-sm text-ink">
        Leave your e-mail and we will tell you when we start delivering here.
      </p>
      <FormField {...EMAIL_FIELD} required {...state.field("email")} />
      <FormField label="Pincode" inputMode="numeric" required {...state.field("pincode")} />
      <FormStatus message={state.message} />
      <SubmitButton pending={state.pending} pendingLabel="Sending…">
        Notify me
      </SubmitButton>
    </Form>
  );
}

/** The signed-in shopper's saved addresses, one tap each. */
function SavedAddresses({ disabled, onPick }: { disabled: boolean; onPick: (addressId: string) => void }) {
  const { data: addresses, isPending, error } = useAddresses();
  return (
    <section aria-labelledby="saved-addresses-title" className="flex flex-col gap-2">
      <h3 id="saved-addresses-title" className="text-sm font-bold text-ink">
        Your saved addresses
      </h3>
      {isPending ? (
        <p className="text-sm text-muted">Loading your addresses…</p>
      ) : error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error.message}
        </p>
      ) : !addresses?.length ? (
        <p className="text-sm text-muted">No saved addresses yet.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {addresses.map((a) => (
            <li key={a.id}>
              <button
                type="button"
                disabled={disabled}
                onClick={() => onPick(a.id)}
                data-testid="saved-address"
                className="flex min-h-11 w-full items-start gap-2 rounded-xl border border-line px-3 py-2 text-left text-sm hover:border-brand-500 hover:bg-brand-50 disabled:opacity-60"
              >
                <PinIcon className="mt-0.5 size-4 shrink-0 text-brand-600" />
                <span className="min-w-0">
                  {a.label && <span className="font-bold capitalize">{a.label} · </span>}
                  {[a.house, a.addressLine, a.city].filter(Boolean).join(", ")}{" "}
                  <span className="font-semibold">{a.pincode}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
