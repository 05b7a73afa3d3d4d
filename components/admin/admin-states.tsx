import { BoxIcon, SpinnerIcon } from "@/components/ui/icons";

/** The loading indicator of an admin list. */
export function AdminLoading({ label = "Loading…" }: { label?: string }) {
  return (
    <div role="status" data-testid="admin-loading" className="flex items-center justify-center gap-2 py-16 text-muted">
      <SpinnerIcon className="size-6 animate-spin text-brand-600" />
      <span className="text-sm">{label}</span>
    </div>
  );
}

/** The empty-state placeholder of an admin list. */
export function AdminEmpty({ title, hint }: { title: string; hint?: string }) {
  return (
    <div data-testid="admin-empty" className="flex flex-col items-center justify-center gap-2 rounded-2xl border border-dashed border-line py-14 text-center">
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
      <button type="button" onClick={onRetry} className="rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-ink shadow-sm">
        Try again
      </button>
    </div>
  );
}

/** Title row of an admin page, with its main button. */
export function AdminHeader({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line pb-4">
      <h1 className="text-xl font-bold tracking-tight text-ink md:text-2xl">{title}</h1>
      {children}
    </div>
  );
}

export const primaryButton =
  "inline-flex h-10 items-center gap-1.5 rounded-xl bg-brand-600 px-4 text-sm font-semibold text-white transition-colors hover:bg-brand-700";
export const smallButton =
  "inline-flex h-8 min-w-0 flex-1 items-center justify-center rounded-lg px-1 text-xs font-semibold transition-colors";
