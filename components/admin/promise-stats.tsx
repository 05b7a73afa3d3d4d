import { STATS_DAYS, type PromiseStats } from "@/lib/stores/promise-stats";

const minutes = (m: number | null) => (m === null ? "—" : `${Math.round(m)} min`);
const pair = (p50: number | null, p90: number | null) => `${minutes(p50)} / ${minutes(p90)}`;

/** Promised vs actual minutes (placed → delivered) per store: is the header's promise kept? (issue 16) */
export function PromiseStatsTable({ stats }: { stats: PromiseStats[] }) {
  return (
    <section className="mt-4" aria-labelledby="promise-heading">
      <h2 id="promise-heading" className="text-sm font-bold text-ink">
        Delivery promise, last {STATS_DAYS} days
        <span className="font-normal text-muted"> · p50 / p90 minutes, placed → delivered</span>
      </h2>
      <div
        tabIndex={0}
        role="region"
        aria-labelledby="promise-heading"
        className="mt-2 overflow-x-auto rounded-2xl border border-line"
      >
        <table className="w-full min-w-[36rem] text-[13px]" data-testid="promise-stats">
          <thead className="bg-canvas text-left text-xs text-muted">
            <tr>
              <th className="px-2 py-2 font-semibold">Store</th>
              <th className="px-2 py-2 text-right font-semibold">Delivered</th>
              <th className="px-2 py-2 text-right font-semibold">Promised</th>
              <th className="px-2 py-2 text-right font-semibold">Actual</th>
              <th className="px-2 py-2 text-right font-semibold">On time</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {stats.map((s) => (
              <tr key={s.storeId} data-testid="promise-row" data-store-id={s.storeId}>
                <td className="px-2 py-2 font-semibold text-ink">{s.storeName}</td>
                <td className="px-2 py-2 text-right tabular-nums">{s.delivered}</td>
                <td className="px-2 py-2 text-right tabular-nums">{pair(s.promisedP50, s.promisedP90)}</td>
                <td className="px-2 py-2 text-right tabular-nums">{pair(s.actualP50, s.actualP90)}</td>
                <td className="px-2 py-2 text-right tabular-nums">
                  {s.onTimeShare === null ? "—" : `${Math.round(s.onTimeShare * 100)}%`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
