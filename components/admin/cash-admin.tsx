"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { FieldList, Form, FormStatus, SubmitButton, type FieldSpec } from "@/components/ui/form-field";
import { useActionForm } from "@/components/ui/use-zod-form";
import { formatPaise } from "@/lib/money";
import { settleCashAction } from "@/lib/partners/cash-actions";
import { settleSchema } from "@/lib/partners/cash-schema";

/** A partner's line on the Cash screen, as the server worked it out. */
export type CashRow = {
  partnerId: string;
  partnerNumber: number;
  name: string;
  storeId: string | null;
  balancePaise: number;
  /** formatted in the shop's time zone, null when never settled */
  lastSettled: string | null;
};

/** Partners' cash in hand with "Record settlement"; a settlement refreshes the server-rendered page. */
export function CashAdmin({ balances, limitPaise }: { balances: CashRow[]; limitPaise: number }) {
  const router = useRouter();
  const [settling, setSettling] = useState<CashRow | null>(null);
  return (
    <>
      <ul className="divide-y divide-line rounded-2xl border border-line" aria-label="Cash in hand">
        {balances.map((b) => {
          const blocked = b.balancePaise >= limitPaise && limitPaise > 0;
          return (
            <li
              key={b.partnerId}
              className="flex flex-wrap items-center gap-3 px-4 py-3"
              data-testid="cash-row"
              data-partner={b.partnerId}
            >
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-ink">
                  Partner #{b.partnerNumber} {b.name}
                </p>
                <p className="text-xs text-muted">
                  {b.storeId ?? "default store"} ·{" "}
                  {b.lastSettled ? `last settled ${b.lastSettled}` : "never settled"}
                </p>
              </div>
              <div className="text-right">
                <p className="text-lg font-bold tabular-nums text-ink" data-testid="cash-balance">
                  {formatPaise(b.balancePaise)}
                </p>
                {blocked && (
                  <p className="text-xs font-semibold text-red-700">
                    Over the limit: no cash orders until settled
                  </p>
                )}
              </div>
              <button
                type="button"
                disabled={b.balancePaise <= 0}
                onClick={() => setSettling(b)}
                className="h-11 rounded-xl bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-line disabled:text-muted"
              >
                Record settlement
              </button>
            </li>
          );
        })}
      </ul>
      {settling && (
        <SettleDialog
          row={settling}
          onClose={() => setSettling(null)}
          onDone={() => {
            setSettling(null);
            router.refresh();
          }}
        />
      )}
    </>
  );
}

const FIELDS: FieldSpec<"amount">[] = [
  { name: "amount", label: "Amount handed to the store (₹)", inputMode: "decimal", autoFocus: true },
];

function SettleDialog({ row, onClose, onDone }: { row: CashRow; onClose: () => void; onDone: () => void }) {
  const state = useActionForm(
    settleSchema,
    { partnerId: row.partnerId, amount: String(row.balancePaise / 100) },
    settleCashAction,
    { onDone },
  );
  const title = `Settle cash of Partner #${row.partnerNumber} ${row.name}`;
  return (
    <Dialog
      title={title}
      onClose={onClose}
      size="sm"
      layout="form"
      testId="settle-dialog"
      description={`Holding ${formatPaise(row.balancePaise)}. Record what they handed to the store; the rest stays in their hand.`}
    >
      <Form label={title} onSubmit={state.submit}>
        <FieldList specs={FIELDS} field={state.field} />
        <FormStatus message={state.message} />
        <SubmitButton pending={state.pending} pendingLabel="Recording…">
          Record settlement
        </SubmitButton>
      </Form>
    </Dialog>
  );
}
