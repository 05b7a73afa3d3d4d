"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { PauseToggle } from "@/components/admin/pause-dialog";
import { LogoutButton } from "@/components/auth/logout-button";
import { CatalogImage } from "@/components/ui/catalog-image";
import { CheckIcon } from "@/components/ui/icons";
import { toast } from "@/components/ui/toast";
import { callAction, failureText, useServerAction } from "@/components/ui/use-action";
import type { PickLine, PickList, PickOrder } from "@/lib/orders/picklist";
import { markPickLineAction, packOrderAction, pickListAction } from "@/lib/orders/picklist-actions";
import { pauseWorkStoreAction } from "@/lib/stores/staff-actions";
import { ReceiveStock } from "./receive-stock";

// The store's screen (issue 16), a dark-store picker's phone app: the pick list (placed orders, oldest first), one
// order at a time with its lines grouped by shelf, a big tick per line and "Short" for a missing item, and "Packed"
// once every line is ticked or short. Marks are saved on the server line by line, and the list is read again every
// few seconds, so two pickers on two phones see the same state. Pause / Resume and "Receive stock" beside it.

/** The store as the screen shows it (from lib/stores). */
export type WorkStoreView = {
  id: string;
  name: string;
  area: string;
  open: boolean;
  paused: boolean;
  pausedReason: string | null;
  /** "Open, taking orders", "Paused: Heavy rain", "Closed, opens at 07:00" */
  state: string;
};

const POLL_MS = 8_000;

const waited = (minutes: number) => (minutes < 1 ? "just now" : `${minutes} min ago`);

export function PickListApp({
  initial,
  store,
  stores,
  workerName,
}: {
  initial: PickList;
  store: WorkStoreView;
  /** an admin's store picker (every store); null for a staff member, who works at one */
  stores: { id: string; name: string }[] | null;
  workerName: string;
}) {
  const router = useRouter();
  const [list, setList] = useState(initial);
  const [openNumber, setOpenNumber] = useState<string | null>(null);
  const [tab, setTab] = useState<"pick" | "receive">("pick");

  // the other pickers' marks, new orders, and orders packed or cancelled elsewhere
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState !== "visible") return;
      void callAction(pickListAction, { storeId: store.id }).then((result) => {
        if (result.ok) setList(result.data);
      });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [store.id]);

  const current = list.orders.find((o) => o.orderNumber === openNumber) ?? null;
  const replaceOrder = (order: PickOrder) =>
    setList((l) => ({ ...l, orders: l.orders.map((o) => (o.id === order.id ? order : o)) }));
  const reload = async () => {
    const result = await callAction(pickListAction, { storeId: store.id });
    if (result.ok) setList(result.data);
  };

  return (
    <div className="flex flex-1 flex-col">
      <header className="sticky top-0 z-10 border-b border-slate-200 bg-white px-4 pt-3">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Kwikmart Store</p>
            <h1 className="truncate text-xl font-bold">{store.name}</h1>
            <p
              data-testid="store-state"
              className={`text-sm font-semibold ${store.paused ? "text-amber-800" : store.open ? "text-brand-700" : "text-slate-600"}`}
            >
              {store.state}
            </p>
          </div>
          <PauseToggle store={store} action={pauseWorkStoreAction} onDone={() => router.refresh()} big />
        </div>
        {stores && (
          <label className="mt-2 flex items-center gap-2 text-sm font-semibold">
            Store
            <select
              value={store.id}
              onChange={(e) => router.push(`/store?store=${encodeURIComponent(e.target.value)}`)}
              className="min-h-11 flex-1 rounded-lg border border-slate-300 bg-white px-2 text-base"
            >
              {stores.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <nav aria-label="Store screens" className="mt-2 grid grid-cols-2">
          {(
            [
              ["pick", `Pick list (${list.orders.length})`],
              ["receive", "Receive stock"],
            ] as const
          ).map(([key, text]) => (
            <button
              key={key}
              type="button"
              aria-current={tab === key ? "page" : undefined}
              onClick={() => setTab(key)}
              className="min-h-12 border-b-4 border-transparent text-base font-bold text-slate-600 aria-[current=page]:border-brand-600 aria-[current=page]:text-slate-950"
            >
              {text}
            </button>
          ))}
        </nav>
      </header>

      <div className="flex flex-1 flex-col px-4 py-4">
        {tab === "receive" ? (
          <ReceiveStock storeId={store.id} />
        ) : current ? (
          <OrderPicking
            order={current}
            onBack={() => setOpenNumber(null)}
            onChanged={replaceOrder}
            onGone={() => void reload()}
            onPacked={() => {
              setOpenNumber(null);
              setList((l) => ({ ...l, orders: l.orders.filter((o) => o.id !== current.id) }));
            }}
          />
        ) : openNumber ? (
          // packed or cancelled on another phone (or by the board) while it was open here
          <div role="status" className="mt-6 flex flex-col gap-3 text-center">
            <p className="text-lg">Order {openNumber} is no longer waiting to be packed: it was packed or cancelled elsewhere.</p>
            <button
              type="button"
              onClick={() => setOpenNumber(null)}
              className="min-h-12 rounded-xl bg-slate-900 px-4 text-base font-bold text-white"
            >
              Back to the orders
            </button>
          </div>
        ) : (
          <OrderQueue orders={list.orders} onOpen={setOpenNumber} />
        )}
      </div>

      <footer className="flex items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 text-sm">
        <span className="min-w-0 truncate text-slate-600">Signed in as {workerName}</span>
        <span className="flex shrink-0 items-center gap-2">
          {stores && (
            <Link href="/dashboard/orders" className="font-semibold text-brand-700 underline">
              Orders board
            </Link>
          )}
          <LogoutButton className="flex min-h-11 items-center gap-1.5 rounded-lg px-2 font-semibold text-red-700" />
        </span>
      </footer>

    </div>
  );
}

/** The orders to pack, oldest first. */
function OrderQueue({ orders, onOpen }: { orders: PickOrder[]; onOpen: (orderNumber: string) => void }) {
  if (orders.length === 0)
    return (
      <p data-testid="pick-list-empty" className="mt-8 text-center text-lg text-slate-700">
        No orders to pack. New orders show up here by themselves.
      </p>
    );
  return (
    <ol aria-label="Orders to pack" className="flex flex-col gap-3">
      {orders.map((o, i) => (
        <li key={o.id} data-testid="pick-order" data-order={o.orderNumber}>
          <button
            type="button"
            onClick={() => onOpen(o.orderNumber)}
            className="flex min-h-20 w-full flex-col gap-1 rounded-2xl border-2 border-slate-200 p-4 text-left active:bg-slate-50"
          >
            <span className="flex w-full items-baseline justify-between gap-2">
              <span className="text-lg font-bold">
                {i === 0 && <span className="sr-only">Oldest: </span>}
                Order {o.orderNumber}
              </span>
              <span className="shrink-0 text-sm font-semibold text-slate-700">{waited(o.waitedMinutes)}</span>
            </span>
            <span className="text-base text-slate-700">
              {o.itemCount} {o.itemCount === 1 ? "item" : "items"} · {o.customerFirstName} ·{" "}
              {o.cash ? "Cash on delivery" : "Paid"}
            </span>
            <span className="text-sm font-semibold text-brand-700">
              {o.linesDone} of {o.linesTotal} lines done
            </span>
          </button>
        </li>
      ))}
    </ol>
  );
}

/** One order being picked: lines by shelf, a tick or a short mark each, then Packed. */
function OrderPicking({
  order,
  onBack,
  onChanged,
  onGone,
  onPacked,
}: {
  order: PickOrder;
  onBack: () => void;
  onChanged: (order: PickOrder) => void;
  onGone: () => void;
  onPacked: () => void;
}) {
  const pack = useServerAction(packOrderAction, { onSuccess: onPacked, onFailure: onGone });
  const left = order.linesTotal - order.linesDone;
  const mark = async (line: PickLine, change: PickChange) => {
    const result = await callAction(markPickLineAction, { orderId: order.orderNumber, lineId: line.id, ...change });
    if (result.ok) onChanged(result.data);
    else {
      toast.error(failureText(result));
      // packed or cancelled meanwhile, or another store's: read the list again
      if (result.code === "CONFLICT" || result.code === "NOT_FOUND") onGone();
    }
  };

  return (
    <section aria-label={`Order ${order.orderNumber}`} className="flex flex-1 flex-col">
      <button type="button" onClick={onBack} className="min-h-11 self-start font-semibold text-brand-700">
        ← All orders
      </button>
      <h2 className="mt-1 text-2xl font-bold">Order {order.orderNumber}</h2>
      <p className="text-base text-slate-700">
        {order.customerFirstName} · {order.itemCount} {order.itemCount === 1 ? "item" : "items"} ·{" "}
        {order.cash ? "Cash on delivery" : "Paid"}
      </p>
      <p data-testid="pick-progress" className="mt-1 font-semibold text-brand-700">
        {order.linesDone} of {order.linesTotal} lines done
      </p>

      <div className="mt-3 flex flex-col gap-4">
        {order.groups.map((g) => (
          <section key={g.category} aria-label={g.category}>
            <h3 className="rounded-lg bg-slate-100 px-3 py-1.5 text-sm font-bold tracking-wide text-slate-800 uppercase">
              {g.category}
            </h3>
            <ul className="divide-y divide-slate-200">
              {g.lines.map((line) => (
                <PickLineRow key={line.id} line={line} phone={order.phone} onMark={(change) => mark(line, change)} />
              ))}
            </ul>
          </section>
        ))}
      </div>

      <div className="sticky bottom-0 mt-auto flex flex-col gap-1 border-t border-slate-200 bg-white pt-3 pb-2">
        {left > 0 && (
          <p className="text-center text-sm font-semibold text-slate-700" data-testid="pack-hint">
            {left} {left === 1 ? "line" : "lines"} left: tick or mark short every line to pack
          </p>
        )}
        <button
          type="button"
          disabled={!order.ready || pack.pending}
          onClick={() => void pack.run({ orderId: order.orderNumber })}
          className="min-h-14 w-full rounded-2xl bg-brand-600 text-xl font-bold text-white disabled:bg-slate-300 disabled:text-slate-600"
        >
          {pack.pending ? "Packing…" : "Packed"}
        </button>
      </div>
    </section>
  );
}

type PickChange = { picked?: boolean; short?: number; callDecision?: "replace" | "remove" };

/** What packing does with a short line (issue 18), as the picker reads it. */
const IF_SHORT: Record<PickLine["substitution"], string> = {
  REPLACE: "If short: replace with a similar item",
  REMOVE: "If short: don't replace (refund)",
  CALL: "If short: call the shopper",
};

function PickLineRow({
  line,
  phone,
  onMark,
}: {
  line: PickLine;
  phone: string | null;
  onMark: (change: PickChange) => Promise<void>;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = async (change: PickChange) => {
    setBusy(true);
    setAsking(false);
    try {
      await onMark(change);
    } finally {
      setBusy(false);
    }
  };
  const short = () => (line.quantity === 1 ? void run({ short: 1 }) : setAsking(true));

  return (
    <li
      data-testid="pick-line"
      data-picked={line.picked || undefined}
      data-short={line.short || undefined}
      className={`flex flex-col gap-2 py-3 ${line.picked ? "bg-brand-50" : line.short ? "bg-amber-50" : ""}`}
    >
      <div className="flex items-center gap-3">
        {line.image ? (
          <CatalogImage src={line.image} size={56} className="size-14 shrink-0 rounded-lg bg-white object-contain" />
        ) : (
          <span className="size-14 shrink-0 rounded-lg bg-slate-100" aria-hidden="true" />
        )}
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{line.name}</p>
          <p className="text-sm text-slate-600">{line.unit}</p>
          <p className="text-xl font-bold" aria-label={`Quantity ${line.quantity}`}>
            × {line.quantity}
          </p>
          <p data-testid="pick-substitution" className="text-sm text-slate-600">
            {IF_SHORT[line.substitution]}
          </p>
          {line.short > 0 && (
            <p data-testid="short-mark" className="text-sm font-bold text-amber-800">
              Short {line.short} of {line.quantity}
            </p>
          )}
        </div>
        <button
          type="button"
          aria-pressed={line.picked}
          aria-label={`Picked ${line.name}`}
          disabled={busy}
          onClick={() => void run({ picked: !line.picked })}
          className={`flex size-16 shrink-0 flex-col items-center justify-center rounded-2xl border-2 ${
            line.picked ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-600"
          } disabled:opacity-60`}
        >
          <CheckIcon className="size-8" />
          <span className="text-xs font-bold">Picked</span>
        </button>
      </div>
      <div className="flex justify-end gap-2">
        {line.short > 0 ? (
          <button
            type="button"
            disabled={busy}
            onClick={() => void run({ short: 0 })}
            className="min-h-11 rounded-xl border border-slate-300 px-4 font-semibold"
          >
            Undo short
          </button>
        ) : (
          <button
            type="button"
            disabled={busy}
            aria-label={`Short ${line.name}`}
            onClick={short}
            className="min-h-11 rounded-xl border-2 border-amber-500 px-4 font-bold text-amber-800"
          >
            Short
          </button>
        )}
      </div>
      {line.short > 0 && line.substitution === "CALL" && (
        <div role="group" aria-label={`Call the shopper about ${line.name}`} data-testid="call-shopper" className="flex flex-col gap-2 rounded-xl bg-amber-100 p-3">
          <p className="font-bold">
            Call shopper
            {phone ? (
              <>
                {": "}
                <a href={`tel:${phone}`} className="text-brand-700 underline">
                  {phone}
                </a>
              </>
            ) : (
              " (no phone on the address)"
            )}
          </p>
          <p className="text-sm">
            {line.callDecision === "REPLACE"
              ? "Shopper said: replace with a similar item."
              : line.callDecision === "REMOVE"
                ? "Shopper said: don't replace."
                : "Not reached yet: packed without an answer, it is removed and refunded."}
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              disabled={busy}
              aria-pressed={line.callDecision === "REPLACE"}
              onClick={() => void run({ callDecision: "replace" })}
              className="min-h-11 rounded-xl border-2 border-slate-400 bg-white px-3 font-semibold aria-pressed:border-brand-600"
            >
              Said: replace
            </button>
            <button
              type="button"
              disabled={busy}
              aria-pressed={line.callDecision === "REMOVE"}
              onClick={() => void run({ callDecision: "remove" })}
              className="min-h-11 rounded-xl border-2 border-slate-400 bg-white px-3 font-semibold aria-pressed:border-brand-600"
            >
              Said: don&apos;t replace
            </button>
          </div>
        </div>
      )}
      {asking && (
        <div role="group" aria-label={`How many ${line.name} are missing?`} className="flex flex-col gap-2">
          <p className="font-semibold">How many are missing?</p>
          <div className="flex flex-wrap gap-2">
            {Array.from({ length: line.quantity }, (_, i) => i + 1).map((n) => (
              <button
                key={n}
                type="button"
                onClick={() => void run({ short: n })}
                className="min-h-11 min-w-11 rounded-xl border-2 border-amber-500 px-3 text-lg font-bold"
              >
                {n === line.quantity ? `All ${n}` : n}
              </button>
            ))}
            <button type="button" onClick={() => setAsking(false)} className="min-h-11 rounded-xl px-3 font-semibold">
              Cancel
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
