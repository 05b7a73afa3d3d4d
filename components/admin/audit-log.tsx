import Link from "next/link";
import type { AuditChange, AuditEntryView, AuditPage } from "@/lib/audit";
import { AUDIT_ACTION_LIST, AUDIT_ACTIONS } from "@/lib/audit/kinds";

// The audit log's screen (/dashboard/audit): a filter form (a plain GET form, works without JavaScript), the entries
// newest first and links to older and newer pages. Read-only: there is nothing to edit or delete here. A table from
// 768 px up (caption, column and row headers); below that the same entries as cards, so a phone never scrolls
// sideways. Server component: no client JavaScript.

export type AuditFormValues = { action: string; actor: string; subject: string; from: string; to: string };

const when = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  second: "2-digit",
  timeZone: "Asia/Kolkata",
});
const formatWhen = (iso: string) => when.format(new Date(iso));

const field =
  "h-10 w-full rounded-xl border border-line bg-canvas px-3 text-sm text-ink outline-none transition-colors " +
  "focus:border-brand-500 focus:bg-white focus-visible:ring-2 focus-visible:ring-brand-500";
const labelText = "mb-1 block text-xs font-semibold text-muted";

function pageHref(form: AuditFormValues, cursor: string, dir: "older" | "newer") {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(form)) if (value) params.set(key, value);
  params.set("cursor", cursor);
  params.set("dir", dir);
  return `/dashboard/audit?${params.toString()}`;
}

function Changes({ changes }: { changes: AuditChange[] }) {
  if (!changes.length) return <span className="text-muted">—</span>;
  return (
    <ul className="space-y-0.5">
      {changes.map((c) => (
        <li key={c.field} className="break-words">
          <span className="font-semibold text-ink">{c.field}:</span>{" "}
          <span className="text-muted">{c.from}</span> <span aria-hidden="true">→</span>
          <span className="sr-only"> changed to </span> <span className="text-ink">{c.to}</span>
        </li>
      ))}
    </ul>
  );
}

function Actor({ entry }: { entry: AuditEntryView }) {
  return (
    <>
      <span className="break-all text-ink">{entry.actorEmail}</span>
      {entry.actorId === null && <span className="block text-xs text-muted">script, no signed-in user</span>}
    </>
  );
}

function Subject({ entry }: { entry: AuditEntryView }) {
  return (
    <>
      <span className="break-words text-ink">{entry.subjectLabel}</span>
      <span className="block text-xs text-muted">
        {entry.subjectType} · <span className="break-all">{entry.subjectId}</span>
      </span>
    </>
  );
}

function What({ entry }: { entry: AuditEntryView }) {
  return (
    <>
      <span className="text-ink">{entry.actionLabel}</span>
      <code className="block text-xs text-muted">{entry.action}</code>
    </>
  );
}

export function AuditLog({
  page,
  form,
  error,
}: {
  /** null when the filter could not be read (`error` says why) */
  page: AuditPage | null;
  /** the filter as typed, to fill the form again */
  form: AuditFormValues;
  error: string | null;
}) {
  const entries = page?.entries ?? [];
  const filtered = Object.values(form).some(Boolean);
  const summary = page
    ? `${page.total} ${page.total === 1 ? "entry" : "entries"}${filtered ? " match these filters" : " in all"}`
    : "";

  return (
    <div>
      <form
        method="get"
        action="/dashboard/audit"
        role="search"
        aria-label="Filter the audit log"
        className="grid grid-cols-1 gap-3 rounded-2xl border border-line p-3 sm:grid-cols-2 lg:grid-cols-3"
        data-testid="audit-filters"
      >
        <label className="block">
          <span className={labelText}>Action</span>
          <select name="action" defaultValue={form.action} className={field}>
            <option value="">All actions</option>
            {AUDIT_ACTION_LIST.map((a) => (
              <option key={a} value={a}>
                {AUDIT_ACTIONS[a]}
              </option>
            ))}
          </select>
        </label>
        <label className="block">
          <span className={labelText}>Actor (e-mail)</span>
          <input type="search" name="actor" defaultValue={form.actor} maxLength={254} className={field} />
        </label>
        <label className="block">
          <span className={labelText}>Subject (name, order number or id)</span>
          <input type="search" name="subject" defaultValue={form.subject} maxLength={200} className={field} />
        </label>
        <label className="block">
          <span className={labelText}>From (date)</span>
          <input type="date" name="from" defaultValue={form.from} className={field} />
        </label>
        <label className="block">
          <span className={labelText}>To (date)</span>
          <input type="date" name="to" defaultValue={form.to} className={field} />
        </label>
        <div className="flex items-end gap-2">
          <button
            type="submit"
            className="h-10 rounded-xl bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
          >
            Apply filters
          </button>
          {filtered && (
            <Link
              href="/dashboard/audit"
              className="inline-flex h-10 items-center rounded-xl border border-line px-4 text-sm font-semibold text-ink hover:border-brand-500"
            >
              Clear
            </Link>
          )}
        </div>
      </form>

      {error && (
        <p role="alert" className="mt-4 rounded-xl bg-red-50 p-3 text-sm font-semibold text-red-700">
          {error}
        </p>
      )}

      {page && (
        <p className="mt-4 text-sm text-muted" data-testid="audit-summary">
          {summary}. Newest first, 50 a page; entries cannot be changed or removed.
        </p>
      )}

      {page && entries.length === 0 && (
        <p className="mt-4 rounded-xl border border-dashed border-line py-10 text-center text-sm text-muted">
          {filtered ? "No entries match these filters." : "Nothing has been recorded yet."}
        </p>
      )}

      {entries.length > 0 && (
        <>
          {/* 768 px and up: the table */}
          <div className="mt-4 hidden overflow-x-auto rounded-2xl border border-line md:block">
            <table className="w-full text-left text-[13px]" data-testid="audit-table">
              <caption className="sr-only">Audit log entries, newest first: {summary}</caption>
              <thead className="bg-canvas text-xs text-muted">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    When
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Who
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    What
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Subject
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Before → after
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {entries.map((e) => (
                  <tr key={e.id} className="align-top" data-testid="audit-row" data-action={e.action}>
                    <th scope="row" className="px-3 py-2.5 font-normal whitespace-nowrap text-ink">
                      <time dateTime={e.at}>{formatWhen(e.at)}</time>
                    </th>
                    <td className="max-w-48 px-3 py-2.5">
                      <Actor entry={e} />
                    </td>
                    <td className="px-3 py-2.5">
                      <What entry={e} />
                    </td>
                    <td className="max-w-56 px-3 py-2.5">
                      <Subject entry={e} />
                    </td>
                    <td className="min-w-64 px-3 py-2.5">
                      <Changes changes={e.changes} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          {/* phones: one card per entry */}
          <ol className="mt-4 space-y-3 md:hidden" aria-label="Audit log entries, newest first">
            {entries.map((e) => (
              <li key={e.id} className="rounded-2xl border border-line p-3 text-sm" data-testid="audit-card">
                <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-semibold text-ink">{e.actionLabel}</span>
                  <time dateTime={e.at} className="text-xs text-muted">
                    {formatWhen(e.at)}
                  </time>
                </p>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5">
                  <dt className="text-xs font-semibold text-muted">Who</dt>
                  <dd className="min-w-0">
                    <Actor entry={e} />
                  </dd>
                  <dt className="text-xs font-semibold text-muted">Subject</dt>
                  <dd className="min-w-0">
                    <Subject entry={e} />
                  </dd>
                  <dt className="text-xs font-semibold text-muted">Change</dt>
                  <dd className="min-w-0">
                    <Changes changes={e.changes} />
                  </dd>
                </dl>
              </li>
            ))}
          </ol>
        </>
      )}

      {page && (page.newer || page.older) && (
        <nav
          aria-label="Audit log pages"
          className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm"
        >
          {page.newer ? (
            <Link
              href={pageHref(form, page.newer, "newer")}
              rel="prev"
              className="rounded-xl border border-line px-4 py-2 font-semibold text-ink hover:border-brand-500"
            >
              ← Newer entries
            </Link>
          ) : (
            <span />
          )}
          {page.older && (
            <Link
              href={pageHref(form, page.older, "older")}
              rel="next"
              className="rounded-xl border border-line px-4 py-2 font-semibold text-ink hover:border-brand-500"
            >
              Older entries →
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
