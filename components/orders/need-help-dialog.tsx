"use client";

import { useId, useRef, useState } from "react";
import { useModalDialog } from "@/components/ui/use-modal-dialog";
import { ChevronRightIcon, XIcon } from "@/components/ui/icons";
import { HELP_TOPICS } from "./help-topics";

/**
 * Need Help (spec §2 Orders page): canned questions; choosing one shows its answer, with Back (to the
 * questions) and Close. A native modal <dialog>; mount it to open it, unmount in onClose.
 */
export function NeedHelpDialog({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [topicId, setTopicId] = useState<string | null>(null);
  const topic = HELP_TOPICS.find((t) => t.id === topicId) ?? null;

  useModalDialog(ref);

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      onClick={(e) => e.target === e.currentTarget && e.currentTarget.close()}
      aria-labelledby={`${id}-title`}
      data-testid="need-help-dialog"
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-black/50"
    >
      <div className="relative p-6">
        <button
          type="button"
          onClick={() => ref.current?.close()}
          aria-label="Dismiss help"
          className="absolute top-4 right-4 flex size-9 items-center justify-center rounded-full text-muted hover:bg-canvas hover:text-ink"
        >
          <XIcon className="size-5" />
        </button>
        <h2 id={`${id}-title`} className="pr-10 text-lg font-bold tracking-tight">
          {topic ? topic.question : "How can we help?"}
        </h2>
        <p className="mt-0.5 text-xs text-muted">Order {orderId}</p>

        {topic ? (
          <p className="mt-4 text-sm leading-relaxed text-ink" data-testid="help-answer">
            {topic.answer}
          </p>
        ) : (
          <ul className="mt-4 flex flex-col divide-y divide-line rounded-xl border border-line">
            {HELP_TOPICS.map((t) => (
              <li key={t.id}>
                <button
                  type="button"
                  onClick={() => setTopicId(t.id)}
                  className="flex w-full items-center justify-between gap-3 px-4 py-3 text-left text-sm font-semibold hover:bg-canvas"
                >
                  {t.question}
                  <ChevronRightIcon className="size-4 shrink-0 text-muted" />
                </button>
              </li>
            ))}
          </ul>
        )}

        <div className="mt-6 flex justify-end gap-3">
          {topic && (
            <button
              type="button"
              onClick={() => setTopicId(null)}
              className="h-10 rounded-xl border border-line px-5 text-sm font-bold hover:bg-canvas"
            >
              Back
            </button>
          )}
          <button
            type="button"
            onClick={() => ref.current?.close()}
            className="h-10 rounded-xl bg-brand-600 px-5 text-sm font-bold text-white hover:bg-brand-700"
          >
            Close
          </button>
        </div>
      </div>
    </dialog>
  );
}
