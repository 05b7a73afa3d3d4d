"use client";

import { useRouter } from "next/navigation";
import { useId, useRef, useState } from "react";
import { useServerAction } from "@/components/ui/use-action";
import { useHydrated } from "@/components/ui/use-hydrated";
import { importStockAction, setStockRowAction } from "@/lib/stores/admin-actions";

/** One product's quantity on the store's stock screen: type the count, Save (or Enter); the new figure stays. */
export function StockQuantity({
  storeId,
  productId,
  name,
  stock,
}: {
  storeId: string;
  productId: string;
  name: string;
  stock: number;
}) {
  const [value, setValue] = useState(String(stock));
  const [saved, setSaved] = useState(stock);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const save = useServerAction(setStockRowAction, {
    onSuccess: (change) => {
      setSaved(change.stock);
      setError(null);
    },
    onFailure: (f) => setError(f.fieldErrors?.stock?.[0] ?? f.message),
  });
  const dirty = value.trim() !== String(saved);
  return (
    <form
      className="flex flex-col items-end gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        void save.run({ storeId, productId, stock: value.trim() });
      }}
    >
      <div className="flex items-center gap-2">
        <input
          aria-label={`Stock of ${name}`}
          inputMode="numeric"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="h-11 w-24 rounded-xl border border-line px-3 text-right tabular-nums aria-invalid:border-red-600"
        />
        <button
          type="submit"
          disabled={!dirty || save.pending}
          className="h-11 rounded-xl bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700 disabled:bg-line disabled:text-muted"
        >
          {save.pending ? "Saving…" : "Save"}
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-xs font-semibold text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}

/** "Import CSV": reads the chosen file and imports it whole; a refused file lists its bad lines under the button. */
export function StockImport({ storeId }: { storeId: string }) {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<string[] | null>(null);
  // a file chosen before React runs the input would be dropped without a word: it opens only once it is live
  const hydrated = useHydrated();
  const run = useServerAction(importStockAction, {
    onSuccess: () => {
      setProblems(null);
      router.refresh();
    },
    onFailure: (f) => setProblems(f.fieldErrors?.file ?? [f.message]),
  });
  return (
    <div className="flex flex-col gap-2">
      <label className="flex h-11 cursor-pointer items-center rounded-xl border border-line px-4 text-sm font-semibold text-ink hover:bg-canvas has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600">
        {run.pending ? "Importing…" : "Import CSV"}
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          disabled={!hydrated || run.pending}
          data-ready={hydrated}
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            const csv = await file.text();
            if (input.current) input.current.value = "";
            await run.run({ storeId, csv });
          }}
        />
      </label>
      {problems && (
        <div
          role="alert"
          className="max-w-xl rounded-xl bg-red-50 p-3 text-sm text-red-800"
          data-testid="import-problems"
        >
          <p className="font-semibold">Nothing was imported. Fix these lines and import the file again:</p>
          <ul className="mt-1 list-disc pl-5">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
