"use client";

import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Dialog } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form-field";
import { PhoneIcon, PinIcon } from "@/components/ui/icons";
import { toast } from "@/components/ui/toast";
import { callAction, failureText } from "@/components/ui/use-action";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { ActionResult } from "@/lib/actions/result";
import { formatPaise } from "@/lib/money";
import type { PartnerDelivery, PartnerHome } from "@/lib/partners/app";
import {
  askForHelpAction,
  partnerHomeAction,
  setOnlineAction,
  shareLocationAction,
  takeStepAction,
} from "@/lib/partners/app-actions";
import { stepSchema, type PartnerStep } from "@/lib/partners/app-schema";
import { usePendingStep, type PendingStep } from "./pending-step";

// The partner app's one screen (issue 17), for a phone in one hand at 390 px: big tap targets (≥ 48 px), high
// contrast, one step button at a time. Its state comes from the server (the page renders it; polled every 10 s);
// a step tapped without a connection is kept in this browser and sent when the connection returns, or reported as
// not sent with the reason.

const STEP_BUTTON: Record<PartnerStep, string> = {
  picked: "Picked up",
  arrived: "Arrived",
  delivered: "Delivered",
  unavailable: "Customer unavailable",
};

const POLL_MS = 10_000;
const LOCATION_EVERY_MS = 10_000;

const big =
  "flex min-h-14 w-full items-center justify-center gap-2 rounded-2xl px-5 text-lg font-bold " +
  "disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-4 focus-visible:outline-offset-2";

function subscribeOnline(callback: () => void) {
  window.addEventListener("online", callback);
  window.addEventListener("offline", callback);
  return () => {
    window.removeEventListener("online", callback);
    window.removeEventListener("offline", callback);
  };
}

/** navigator.onLine, kept current (true on the server). */
function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

export function PartnerApp({ initial }: { initial: PartnerHome }) {
  const [home, setHome] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);
  const [codeOpen, setCodeOpen] = useState(false);
  const [confirmUnavailable, setConfirmUnavailable] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const connected = useOnline();
  const hydrated = useHydrated();
  const pending = usePendingStep();
  const { keep, clear, notSent } = pending;
  const delivery = home.delivery;
  const inFlight = useRef<string | null>(null);

  const refresh = useCallback(async () => {
    const result = await callAction(partnerHomeAction, undefined as never);
    if (result.ok) setHome(result.data);
  }, []);

  // the current delivery from the server: every 10 s while the app is visible and connected
  useEffect(() => {
    if (!connected) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") void refresh();
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [connected, refresh]);

  /** Sends a step; a call that cannot reach the server keeps it to send later. */
  const sendStep = useCallback(
    async (step: PendingStep, { fromQueue = false } = {}): Promise<ActionResult<PartnerHome>> => {
      const result = await callAction(takeStepAction, { orderId: step.orderId, step: step.step, code: step.code });
      if (result.ok) {
        setHome(result.data);
        toast.success(fromQueue ? `Sent: ${STEP_BUTTON[step.step]}. ${result.message}` : result.message);
      } else if (result.code === "NETWORK") {
        if (!fromQueue) keep(step);
      } else if (fromQueue) {
        notSent(step, failureText(result));
      }
      return result;
    },
    [keep, notSent],
  );

  // back online: the kept step goes first, then the state is read again
  // (once per kept step: a step the server refuses is reported, never sent again)
  const queued = pending.step;
  useEffect(() => {
    if (!connected || !queued || !hydrated) return;
    const key = `${queued.at}|${queued.step}`;
    if (inFlight.current === key) return;
    inFlight.current = key;
    void (async () => {
      const result = await sendStep(queued, { fromQueue: true });
      inFlight.current = null;
      if (result.ok || result.code !== "NETWORK") clear(queued);
      await refresh();
    })();
  }, [connected, queued, hydrated, sendStep, clear, refresh]);

  async function tapStep(step: PartnerStep, code?: string): Promise<ActionResult<PartnerHome> | null> {
    if (!delivery || busy) return null;
    const entry: PendingStep = { orderId: delivery.orderNumber, step, code, at: new Date().toISOString() };
    if (!navigator.onLine) {
      keep(entry);
      return null;
    }
    setBusy(step);
    try {
      const result = await sendStep(entry);
      if (!result.ok && result.code !== "NETWORK" && step !== "delivered") toast.error(failureText(result));
      return result;
    } finally {
      setBusy(null);
    }
  }

  async function switchOnline(online: boolean) {
    setBusy("online");
    const result = await callAction(setOnlineAction, { online });
    setBusy(null);
    if (result.ok) {
      setHome(result.data);
      toast.success(result.message);
    } else toast.error(failureText(result));
  }

  return (
    <div className="flex flex-1 flex-col gap-4 p-4 pb-8" data-testid="partner-app" data-hydrated={hydrated || undefined}>
      <header className="flex items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-slate-700">Kwikmart Partner</p>
          <h1 className="truncate text-xl font-bold">{home.partnerName}</h1>
        </div>
        <OnlineSwitch online={home.online} disabled={!hydrated || busy !== null} onChange={switchOnline} />
      </header>

      {!connected && (
        <p role="status" className="rounded-2xl bg-amber-300 p-4 text-base font-bold text-slate-950" data-testid="offline-banner">
          You are offline. Steps you tap are kept on this phone and sent when the connection returns.
        </p>
      )}
      {pending.step && (
        <p role="status" className="rounded-2xl border-2 border-amber-500 bg-amber-50 p-4 text-base font-semibold" data-testid="pending-step">
          Not sent yet: {STEP_BUTTON[pending.step.step]} ({pending.step.orderId}). It is sent as soon as you are back
          online.
        </p>
      )}
      {pending.failed && (
        <div role="alert" className="rounded-2xl border-2 border-red-600 bg-red-50 p-4 text-base" data-testid="step-not-sent">
          <p className="font-bold text-red-800">
            Not sent: {STEP_BUTTON[pending.failed.step.step]} ({pending.failed.step.orderId})
          </p>
          <p className="mt-1 text-slate-900">{pending.failed.reason}</p>
          <button type="button" onClick={pending.dismiss} className={`${big} mt-3 border-2 border-slate-900 bg-white`}>
            OK
          </button>
        </div>
      )}

      {delivery ? (
        <DeliveryCard
          delivery={delivery}
          busy={busy}
          disabled={!hydrated}
          onStep={(step) => (step === "delivered" ? setCodeOpen(true) : void tapStep(step))}
          onUnavailable={() => setConfirmUnavailable(true)}
          onHelp={() => setHelpOpen(true)}
        />
      ) : (
        <section
          className="rounded-2xl border-2 border-slate-200 p-5 text-center"
          aria-label="Current delivery"
          data-testid="no-delivery"
        >
          <p className="text-lg font-bold">{home.online ? "Waiting for an order…" : "You are offline"}</p>
          <p className="mt-1 text-base text-slate-700">
            {home.online
              ? "A new delivery shows here as soon as the store assigns it to you."
              : "Go online to get orders from your store."}
          </p>
        </section>
      )}

      {delivery && <LocationSharing key={delivery.orderNumber} />}

      <section aria-label="Today" className="rounded-2xl bg-slate-100 p-4" data-testid="partner-today">
        <h2 className="text-base font-bold">Today</h2>
        <dl className="mt-2 grid grid-cols-3 gap-2 text-center">
          <div>
            <dt className="text-sm text-slate-700">Deliveries</dt>
            <dd className="text-xl font-bold" data-testid="today-deliveries">
              {home.today.deliveriesDone}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-700">Tips</dt>
            <dd className="text-xl font-bold" data-testid="today-tips">
              {formatPaise(home.today.tipsPaise)}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-700">Cash in hand</dt>
            <dd className="text-xl font-bold" data-testid="today-cash">
              {formatPaise(home.today.cashInHandPaise)}
            </dd>
          </div>
        </dl>
      </section>

      {codeOpen && delivery && (
        <CodePad
          delivery={delivery}
          onClose={() => setCodeOpen(false)}
          onSubmit={async (code) => {
            const result = await tapStep("delivered", code);
            if (result === null || result.ok || result.code === "NETWORK") setCodeOpen(false);
            return result;
          }}
        />
      )}
      {confirmUnavailable && delivery && (
        <Dialog
          title="Customer unavailable?"
          onClose={() => setConfirmUnavailable(false)}
          size="sm"
          testId="unavailable-dialog"
          description="The attempt ends: take the order back to the store. Collect nothing."
        >
          <div className="flex flex-col gap-3">
            <button
              type="button"
              className={`${big} bg-red-700 text-white`}
              disabled={busy !== null}
              onClick={() => {
                setConfirmUnavailable(false);
                void tapStep("unavailable");
              }}
            >
              Yes, end the attempt
            </button>
            <button type="button" className={`${big} border-2 border-slate-900`} onClick={() => setConfirmUnavailable(false)}>
              No, keep trying
            </button>
          </div>
        </Dialog>
      )}
      {helpOpen && delivery && <HelpDialog orderId={delivery.orderNumber} onClose={() => setHelpOpen(false)} />}
    </div>
  );
}

function OnlineSwitch({
  online,
  disabled,
  onChange,
}: {
  online: boolean;
  disabled: boolean;
  onChange: (online: boolean) => Promise<void>;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={online}
      aria-label="Online"
      disabled={disabled}
      onClick={() => void onChange(!online)}
      data-testid="online-switch"
      className={`flex min-h-12 min-w-32 items-center justify-between gap-2 rounded-full px-2 text-base font-bold ${
        online ? "bg-green-700 text-white" : "bg-slate-300 text-slate-950"
      } disabled:opacity-60`}
    >
      <span className={`size-8 rounded-full bg-white shadow ${online ? "order-2" : "order-1"}`} aria-hidden="true" />
      <span className={`px-1 ${online ? "order-1" : "order-2"}`}>{online ? "Online" : "Offline"}</span>
    </button>
  );
}

function DeliveryCard({
  delivery,
  busy,
  disabled,
  onStep,
  onUnavailable,
  onHelp,
}: {
  delivery: PartnerDelivery;
  busy: string | null;
  disabled: boolean;
  onStep: (step: PartnerStep) => void;
  onUnavailable: () => void;
  onHelp: () => void;
}) {
  const next = delivery.nextStep;
  const a = delivery.address;
  return (
    <section
      aria-label="Current delivery"
      className="flex flex-col gap-4 rounded-2xl border-2 border-slate-900 p-4"
      data-testid="current-delivery"
      data-order-id={delivery.orderNumber}
    >
      <div className="flex items-start justify-between gap-2">
        <div>
          <h2 className="text-lg font-bold">Order {delivery.orderNumber}</h2>
          <p className="text-base font-semibold text-green-800" data-testid="delivery-stage">
            {delivery.stageLabel}
          </p>
        </div>
        <p
          className={`rounded-xl px-3 py-2 text-lg font-bold ${
            delivery.cashToCollectPaise === null ? "bg-slate-200" : "bg-yellow-300"
          }`}
          data-testid="collect"
        >
          {delivery.cashToCollectPaise === null ? "Paid" : `Collect ${formatPaise(delivery.cashToCollectPaise)}`}
          {delivery.tipPaise > 0 && (
            <span className="block text-sm font-semibold" data-testid="delivery-tip">
              {delivery.cashToCollectPaise === null ? "" : "Includes "}Tip for you {formatPaise(delivery.tipPaise)}
            </span>
          )}
        </p>
      </div>
      <dl className="flex flex-col gap-2 text-base">
        <div>
          <dt className="text-sm font-semibold text-slate-700">Pick up from</dt>
          <dd className="font-semibold">
            {delivery.store.name}
            <span className="block font-normal">{delivery.store.address}</span>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-slate-700">Deliver to</dt>
          <dd>
            <span className="font-semibold" data-testid="customer-name">
              {delivery.customerFirstName}
            </span>{" "}
            · {delivery.itemCount} {delivery.itemCount === 1 ? "item" : "items"}
            <span className="block">{[a.house, a.line, a.city, a.pincode].filter(Boolean).join(", ")}</span>
            {a.landmark && <span className="block font-semibold">Landmark: {a.landmark}</span>}
            {delivery.distanceKm !== null && (
              <span className="flex items-center gap-1">
                <PinIcon className="size-4" /> {delivery.distanceKm} km from the store
              </span>
            )}
          </dd>
        </div>
      </dl>

      {delivery.locked ? (
        <p role="alert" className="rounded-xl bg-red-100 p-3 text-base font-bold text-red-900" data-testid="code-locked">
          Too many wrong codes: this delivery is locked. Call the store; they can complete it for you.
        </p>
      ) : next ? (
        <button
          type="button"
          className={`${big} min-h-16 bg-green-700 text-xl text-white`}
          disabled={disabled || busy !== null}
          onClick={() => onStep(next)}
          data-testid="step-button"
        >
          {busy === next ? "Sending…" : STEP_BUTTON[next]}
        </button>
      ) : (
        <div>
          <button type="button" className={`${big} min-h-16 bg-slate-300 text-xl text-slate-800`} disabled data-testid="step-button">
            Picked up
          </button>
          <p className="mt-2 text-base">The store is packing it: you can pick it up once it is packed.</p>
        </div>
      )}

      <div className="grid grid-cols-2 gap-3">
        {a.mobile && (
          <a href={`tel:${a.mobile}`} className={`${big} border-2 border-slate-900 text-base`}>
            <PhoneIcon className="size-5" /> Call {delivery.customerFirstName || "customer"}
          </a>
        )}
        <button type="button" className={`${big} border-2 border-slate-900 text-base`} onClick={onHelp} disabled={disabled}>
          Need help
        </button>
      </div>
      {delivery.stage === "at_door" && (
        <button
          type="button"
          className={`${big} border-2 border-red-700 text-red-800`}
          onClick={onUnavailable}
          disabled={disabled || busy !== null}
        >
          Customer unavailable
        </button>
      )}
    </section>
  );
}

const KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];

function CodePad({
  delivery,
  onClose,
  onSubmit,
}: {
  delivery: PartnerDelivery;
  onClose: () => void;
  onSubmit: (code: string) => Promise<ActionResult<PartnerHome> | null>;
}) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const press = (key: string) => {
    setError(null);
    setCode((c) => (c.length < 4 ? c + key : c));
  };
  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = stepSchema.safeParse({ orderId: delivery.orderNumber, step: "delivered", code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Enter the 4-digit code");
      return;
    }
    setSending(true);
    const result = await onSubmit(code);
    setSending(false);
    if (result && !result.ok && result.code !== "NETWORK") {
      setError(failureText(result));
      setCode("");
    }
  }
  return (
    <Dialog
      title="Enter the door code"
      onClose={onClose}
      size="sm"
      testId="code-pad"
      description={`Ask ${delivery.customerFirstName || "the customer"} for the 4-digit code on their order page.`}
    >
      <Form label="Door code" onSubmit={(e) => void submit(e)} className="flex flex-col gap-3">
        <output
          aria-label="Code entered"
          aria-live="polite"
          className="flex h-16 items-center justify-center rounded-2xl border-2 border-slate-900 font-mono text-4xl tracking-[0.5em]"
          data-testid="code-display"
        >
          {code.padEnd(4, "•")}
        </output>
        {error && (
          <p role="alert" className="rounded-xl bg-red-100 p-3 text-base font-bold text-red-900" data-testid="code-error">
            {error}
          </p>
        )}
        <div className="grid grid-cols-3 gap-2">
          {KEYS.map((k) => (
            <button key={k} type="button" onClick={() => press(k)} className="h-14 rounded-xl bg-slate-100 text-2xl font-bold">
              {k}
            </button>
          ))}
          <button
            type="button"
            onClick={() => setCode((c) => c.slice(0, -1))}
            aria-label="Delete a digit"
            className="h-14 rounded-xl bg-slate-100 text-lg font-bold"
          >
            ⌫
          </button>
          <button type="button" onClick={() => press("0")} className="h-14 rounded-xl bg-slate-100 text-2xl font-bold">
            0
          </button>
          <button
            type="submit"
            disabled={code.length !== 4 || sending}
            className="h-14 rounded-xl bg-green-700 text-lg font-bold text-white disabled:opacity-50"
          >
            {sending ? "…" : "Confirm"}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}

const HELP_REASONS = ["Cannot find the address", "Customer not answering", "Vehicle trouble", "Order damaged"];

function HelpDialog({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const [sending, setSending] = useState(false);
  async function send(note: string) {
    setSending(true);
    const result = await callAction(askForHelpAction, { orderId, note });
    setSending(false);
    if (result.ok) {
      toast.success(result.message);
      onClose();
    } else toast.error(failureText(result));
  }
  return (
    <Dialog title="Need help?" onClose={onClose} size="sm" testId="help-dialog" description="The store sees it on its board and calls you.">
      <div className="flex flex-col gap-2">
        {HELP_REASONS.map((r) => (
          <button
            key={r}
            type="button"
            disabled={sending}
            onClick={() => void send(r)}
            className={`${big} border-2 border-slate-900 text-base`}
          >
            {r}
          </button>
        ))}
      </div>
    </Dialog>
  );
}

/** "Share my location": with the partner's consent, the position about every 10 s while on this delivery. */
function LocationSharing() {
  const [sharing, setSharing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const last = useRef(0);
  useEffect(() => {
    if (!sharing) return;
    const watch = navigator.geolocation.watchPosition(
      (position) => {
        if (Date.now() - last.current < LOCATION_EVERY_MS) return;
        last.current = Date.now();
        void callAction(shareLocationAction, {
          lat: position.coords.latitude,
          lng: position.coords.longitude,
        }).then((result) => {
          if (!result.ok && result.code !== "NETWORK") {
            setSharing(false);
            setProblem(failureText(result));
          }
        });
      },
      (error) => {
        setSharing(false);
        setProblem(
          error.code === error.PERMISSION_DENIED
            ? "Location is blocked for this app. Allow it in the browser's settings to share it."
            : "Your location is not available right now.",
        );
      },
      { enableHighAccuracy: true, maximumAge: 5_000, timeout: 20_000 },
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, [sharing]);
  return (
    <section aria-label="Location" className="rounded-2xl border-2 border-slate-200 p-4">
      <button
        type="button"
        aria-pressed={sharing}
        onClick={() => {
          if (!sharing && !("geolocation" in navigator)) {
            setProblem("This phone cannot share its location.");
            return;
          }
          setProblem(null);
          setSharing((s) => !s);
        }}
        className={`${big} ${sharing ? "bg-slate-900 text-white" : "border-2 border-slate-900"}`}
        data-testid="share-location"
      >
        <PinIcon className="size-5" /> {sharing ? "Sharing my location · Stop" : "Share my location"}
      </button>
      <p className="mt-2 text-sm text-slate-700">
        {problem ?? (sharing ? "The customer sees you on the way, until this delivery ends." : "Only during a delivery, only with your OK.")}
      </p>
    </section>
  );
}
