"use client";

import { useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { Form, FormField, SubmitButton } from "@/components/ui/form-field";
import { useServerAction, type ServerAction } from "@/components/ui/use-action";
import { pauseStoreAction } from "@/lib/stores/admin-actions";

const PAUSE_REASONS = ["Heavy rain", "Stock count", "Surge in orders"];

/**
 * Pause a store with a reason (one tap for the usual ones, or typed): the Stores screen's, and the store screen's with
 * its own action (issue 16: staff pause their own store).
 */
export function PauseDialog({
  store,
  onClose,
  onDone,
  action = pauseStoreAction,
}: {
  store: { id: string; name: string };
  onClose: () => void;
  onDone: () => void;
  action?: PauseAction;
}) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const pause = useServerAction(action, {
    onSuccess: onDone,
    onFailure: (f) => setError(f.fieldErrors?.reason?.[0] ?? f.message),
  });
  return (
    <Dialog
      title={`Pause ${store.name}`}
      onClose={onClose}
      size="sm"
      testId="pause-dialog"
      description="Shoppers served by this store see the reason and cannot order until you resume it. Nothing in their carts is lost."
    >
      <Form
        label={`Pause ${store.name}`}
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          void pause.run({ _id: store.id, paused: true, reason });
        }}
      >
        <div className="flex flex-wrap gap-2">
          {PAUSE_REASONS.map((r) => (
            <button
              key={r}
              type="button"
              onClick={() => setReason(r)}
              aria-pressed={reason === r}
              className="h-9 rounded-full border border-line px-3 text-sm text-ink aria-pressed:border-brand-600 aria-pressed:bg-brand-50"
            >
              {r}
            </button>
          ))}
        </div>
        <FormField
          label="Reason"
          name="reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={error ?? undefined}
          maxLength={200}
          placeholder="Why shoppers cannot order now"
        />
        <SubmitButton pending={pause.pending} pendingLabel="Pausing…">
          Pause store
        </SubmitButton>
      </Form>
    </Dialog>
  );
}

type PauseAction = ServerAction<{ _id: string; paused: boolean; reason: string }, unknown>;

/**
 * The Pause button (asking the reason in PauseDialog) or, for a paused store, Resume: on the Stores screen, and large
 * on the store's own screen (`big`). `onDone` runs after either (the screens read the store again).
 */
export function PauseToggle({
  store,
  onDone,
  action = pauseStoreAction,
  big = false,
}: {
  store: { id: string; name: string; paused: boolean };
  onDone: () => void;
  action?: PauseAction;
  big?: boolean;
}) {
  const [pausing, setPausing] = useState(false);
  const resume = useServerAction(action, { onSuccess: onDone });
  const size = big ? "min-h-12 text-base font-bold" : "h-10 text-sm font-semibold";
  return (
    <>
      {store.paused ? (
        <button
          type="button"
          disabled={resume.pending}
          onClick={() => void resume.run({ _id: store.id, paused: false, reason: "" })}
          className={`${size} shrink-0 rounded-xl bg-brand-600 px-4 text-white disabled:opacity-60`}
        >
          Resume
        </button>
      ) : (
        <button
          type="button"
          onClick={() => setPausing(true)}
          className={`${size} shrink-0 rounded-xl border-amber-500 px-4 text-amber-800 hover:bg-amber-50 ${big ? "border-2" : "border"}`}
        >
          {big ? "Pause store" : "Pause"}
        </button>
      )}
      {pausing && (
        <PauseDialog
          store={store}
          action={action}
          onClose={() => setPausing(false)}
          onDone={() => {
            setPausing(false);
            onDone();
          }}
        />
      )}
    </>
  );
}
