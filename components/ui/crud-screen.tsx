"use client";

import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "./confirm-dialog";
import { inputClass } from "./form-field";
import { BoxIcon, PencilIcon, PlusIcon, SearchIcon, SpinnerIcon, TrashIcon } from "./icons";
import { callAction, toastResult, type ServerAction } from "./use-action";

// The admin's list screens (categories, sub-categories, products, delivery partners) are one scaffold: a title
// row with the screen's main control, then the list as its query stands (loading, a failure with Try again, an
// empty state, or the rows), and the Permanent Delete confirmation. Each screen supplies its rows' markup and its
// own add / edit dialogs.

type ListQuery = { isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown };

export type Removal<Row> = {
  /** the delete action, called with the row's id */
  action: ServerAction<{ id: string }, unknown>;
  /** the list refetched after a delete */
  queryKey: QueryKey;
  title: string;
  message: string;
  confirmLabel: string;
  /** after a successful delete, before the refetch */
  onRemoved?: (row: Row) => void;
};

export function CrudScreen<Row extends { id: string }>({
  title,
  actions,
  query,
  rows,
  empty,
  above,
  below,
  removal,
  dialogs,
  children,
}: {
  title: string;
  /** beside the title: the Add button or a search box */
  actions?: React.ReactNode;
  query: ListQuery;
  /** the rows to show (the query's data, or part of it) */
  rows: Row[] | undefined;
  /** what an empty list shows */
  empty: React.ReactNode;
  /** between the title and the list (summary tiles) */
  above?: React.ReactNode;
  /** after the list (paging) */
  below?: React.ReactNode;
  removal?: Removal<Row>;
  /** the screen's own dialogs (add, edit, view) */
  dialogs?: React.ReactNode;
  /** the list; `remove(row)` asks for the delete confirmation */
  children: (rows: Row[], remove: (row: Row) => void) => React.ReactNode;
}) {
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<Row | null>(null);
  const [pending, setPending] = useState(false);

  async function remove(row: Row) {
    if (!removal) return;
    setPending(true);
    const result = await callAction(removal.action, { id: row.id });
    setPending(false);
    // closed either way: a refusal (still in use) is explained by the toast
    setRemoving(null);
    if (!toastResult(result)) return;
    removal.onRemoved?.(row);
    await queryClient.invalidateQueries({ queryKey: removal.queryKey });
  }

  return (
    <section>
      <AdminHeader title={title}>{actions}</AdminHeader>
      {above}
      <div className="mt-5">
        {query.isPending ? (
          <AdminLoading />
        ) : query.isError ? (
          <AdminError message={query.error?.message ?? ""} onRetry={() => void query.refetch()} />
        ) : !rows?.length ? (
          empty
        ) : (
          children(rows, setRemoving)
        )}
      </div>
      {below}
      {dialogs}
      {removal && removing && (
        <ConfirmDialog
          title={removal.title}
          message={removal.message}
          confirmLabel={removal.confirmLabel}
          pending={pending}
          onConfirm={() => void remove(removing)}
          onClose={() => setRemoving(null)}
        />
      )}
    </section>
  );
}

/** Title row of an admin page, with its main control. */
export function AdminHeader({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line pb-4">
      <h1 className="text-xl font-bold tracking-tight text-ink md:text-2xl">{title}</h1>
      {children}
    </div>
  );
}

/** The loading indicator of an admin list. */
export function AdminLoading({ label = "Loading…" }: { label?: string }) {
  return (
    <div
      role="status"
      data-testid="admin-loading"
      className="flex items-center justify-center gap-2 py-16 text-muted"
    >
      <SpinnerIcon className="size-6 animate-spin text-brand-600" />
      <span className="text-sm">{label}</span>
    </div>
  );
}

/** The empty-state placeholder of an admin list. */
export function AdminEmpty({ title, hint }: { title: string; hint?: string }) {
  return (
    <div
      data-testid="admin-empty"
      className="flex flex-col items-center justify-center gap-2 rounded-2xl border border-dashed border-line py-14 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-canvas text-muted">
        <BoxIcon className="size-7" />
      </span>
      <p className="font-semibold text-ink">{title}</p>
      {hint && <p className="max-w-xs text-sm text-muted">{hint}</p>}
    </div>
  );
}

/** A failed load, with the server's message. */
export function AdminError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-2xl bg-red-50 py-10 text-center">
      <p className="text-sm font-medium text-red-700">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-ink shadow-sm"
      >
        Try again
      </button>
    </div>
  );
}

/** The green Add button of a title row. */
export function AddButton({ onClick, children }: { onClick: () => void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex h-10 items-center gap-1.5 rounded-xl bg-brand-600 px-4 text-sm font-semibold text-white transition-colors hover:bg-brand-700"
    >
      <PlusIcon className="size-4" />
      {children}
    </button>
  );
}

/** The search box of a title row; `busy` shows a spinner while results load. */
export function SearchBox({
  label,
  placeholder,
  value,
  onChange,
  busy = false,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  busy?: boolean;
}) {
  return (
    <label className="relative block w-full sm:w-72">
      <span className="sr-only">{label}</span>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
      <input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        className={`${inputClass} h-10 pl-9`}
      />
      {busy && (
        <SpinnerIcon className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-brand-600" />
      )}
    </label>
  );
}

/**
 * Edit and Delete for one entry, named after it ("Edit Milk"): words under a card, or round icon buttons in a
 * table row.
 */
export function RowActions({
  name,
  onEdit,
  onDelete,
  compact = false,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  compact?: boolean;
}) {
  const look = compact
    ? "flex size-8 items-center justify-center rounded-full"
    : "inline-flex h-8 min-w-0 flex-1 items-center justify-center rounded-lg px-1 text-xs font-semibold transition-colors";
  return (
    <div className={compact ? "flex justify-center gap-1.5" : "mt-2 flex gap-1.5"}>
      <button
        type="button"
        aria-label={`Edit ${name}`}
        onClick={onEdit}
        className={`${look} bg-brand-50 text-brand-700 hover:bg-brand-100`}
      >
        {compact ? <PencilIcon className="size-4" /> : "Edit"}
      </button>
      <button
        type="button"
        aria-label={`Delete ${name}`}
        onClick={onDelete}
        className={`${look} bg-red-50 text-red-700 hover:bg-red-100`}
      >
        {compact ? <TrashIcon className="size-4" /> : "Delete"}
      </button>
    </div>
  );
}

/** A card of an admin grid: the entry's picture, its name, an optional line under it, and Edit / Delete. */
export function AdminCard({
  testId,
  picture,
  name,
  detail,
  centered = false,
  onEdit,
  onDelete,
}: {
  testId: string;
  picture: React.ReactNode;
  name: string;
  detail?: string;
  centered?: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <li
      data-testid={testId}
      className="flex flex-col rounded-xl border border-line bg-white p-2 shadow-[0_1px_3px_rgba(0,0,0,0.04)]"
    >
      <div className="aspect-square overflow-hidden rounded-lg bg-canvas">{picture}</div>
      <p
        className={`mt-2 line-clamp-2 min-h-[2.5em] text-xs leading-tight font-semibold text-ink ${centered ? "text-center" : ""}`}
      >
        {name}
      </p>
      {detail && <p className="mt-0.5 truncate text-xs text-muted">{detail}</p>}
      <RowActions name={name} onEdit={onEdit} onDelete={onDelete} />
    </li>
  );
}
