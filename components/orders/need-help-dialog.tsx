"use client";

import { useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { ChevronRightIcon } from "@/components/ui/icons";
import { HELP_TOPICS } from "./help-topics";

/**
 * Need Help (spec §2 Orders page): canned questions; choosing one shows its answer, with Back (to the
 * questions) and Close. Mount it to open it, unmount in onClose.
 */
export function NeedHelpDialog({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const [topicId, setTopicId] = useState<string | null>(null);
  const topic = HELP_TOPICS.find((t) => t.id === topicId) ?? null;

  return (
    <Dialog
      title={topic ? topic.question : "How can we help?"}
      description={`Order ${orderId}`}
      closeLabel="Dismiss help"
      testId="need-help-dialog"
      onClose={onClose}
    >
      {topic ? (
        <p className="text-sm leading-relaxed text-ink" data-testid="help-answer">
          {topic.answer}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-line rounded-xl border border-line">
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
          onClick={onClose}
          className="h-10 rounded-xl bg-brand-600 px-5 text-sm font-bold text-white hover:bg-brand-700"
        >
          Close
        </button>
      </div>
    </Dialog>
  );
}
