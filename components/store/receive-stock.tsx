"use client";

import { useEffect, useState } from "react";
import { Form, FormField, FormStatus, SubmitButton } from "@/components/ui/form-field";
import { callAction, failureText } from "@/components/ui/use-action";
import { useActionForm } from "@/components/ui/use-zod-form";
import type { StockRow } from "@/lib/stores";
import { receiveStockAction, searchWorkStockAction } from "@/lib/stores/staff-actions";
import { receiveStockSchema } from "@/lib/stores/staff-schema";

// "Receive stock" on the store's screen (issue 16): find a product by name, type the units that arrived, Receive.
// Each delivery is a RECEIVE movement in the store's stock ledger (lib/stores/stock.ts), under the row lock checkout
// takes, so nothing sold meanwhile is lost.

const SEARCH_DELAY_MS = 300;

export function ReceiveStock({ storeId }: { storeId: string }) {
  const [search, setSearch] = useState("");
  const [rows, setRows] = useState<StockRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const text = search.trim();
    if (!text) return;
    const timer = setTimeout(() => {
      void callAction(searchWorkStockAction, { storeId, search: text }).then((result) => {
        if (result.ok) {
          setRows(result.data);
          setError(null);
        } else setError(failureText(result));
      });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, storeId]);

  const received = (row: StockRow) =>
    setRows((list) => list?.map((r) => (r.productId === row.productId ? row : r)) ?? null);

  return (
    <section aria-label="Receive stock" className="flex flex-col gap-3">
      <label className="flex flex-col gap-1 text-base font-semibold">
        Find a product
        <input
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            if (!e.target.value.trim()) setRows(null);
          }}
          placeholder="Milk, atta, bread…"
          maxLength={100}
          className="min-h-12 rounded-xl border-2 border-slate-300 px-3 text-lg"
        />
      </label>
      {error && (
        <p role="alert" className="font-semibold text-red-700">
          {error}
        </p>
      )}
      {rows && rows.length === 0 && <p className="text-slate-700">No product matches “{search.trim()}”.</p>}
      {rows && rows.length > 0 && (
        <ul aria-label="Products" className="divide-y divide-slate-200">
          {rows.map((row) => (
            <ReceiveRow key={row.productId} storeId={storeId} row={row} onReceived={received} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReceiveRow({
  storeId,
  row,
  onReceived,
}: {
  storeId: string;
  row: StockRow;
  onReceived: (row: StockRow) => void;
}) {
  const state = useActionForm(
    receiveStockSchema,
    { storeId, productId: row.productId, quantity: "" },
    receiveStockAction,
    {
      onDone: (done) => {
        state.form.reset({ storeId, productId: row.productId, quantity: "" });
        onReceived({ ...row, stock: done.data.stock });
      },
    },
  );
  return (
    <li data-testid="receive-row" className="py-3">
      <p className="font-semibold">{row.name}</p>
      <p className="text-sm text-slate-600">
        {row.unit} · <span data-testid="receive-stock">{row.stock} in stock</span>
      </p>
      <Form label={`Receive ${row.name}`} onSubmit={state.submit} className="mt-2 flex items-end gap-2">
        <div className="flex-1">
          <FormField label="Units received" inputMode="numeric" {...state.field("quantity")} />
        </div>
        <div className="w-32">
          <SubmitButton pending={state.pending} pendingLabel="Saving…">
            Receive
          </SubmitButton>
        </div>
      </Form>
      <FormStatus message={state.message} />
    </li>
  );
}
