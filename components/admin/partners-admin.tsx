"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { CrudScreen, SearchBox } from "@/components/ui/crud-screen";
import { PhoneIcon, ScooterIcon } from "@/components/ui/icons";
import { toast } from "@/components/ui/toast";
import type { Partner } from "@/lib/partners/partner";
import { setPartnerStatusAction } from "@/lib/partners/admin-actions";
import { ADMIN_KEYS, fetchPartners } from "./admin-api";
import { PartnerAccountActions, PartnerAccountBadge } from "./partner-account-actions";
import { NO_PARTNERS_TEXT } from "./texts";
import { callAction, failureText } from "@/components/ui/use-action";

const joined = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric" });

/** Name or phone contains the text (phones compared by digits, so "98765 43210" finds 9876543210). */
function matches(partner: Partner, text: string): boolean {
  const q = text.trim().toLowerCase();
  if (!q) return true;
  if (partner.name.toLowerCase().includes(q)) return true;
  const digits = q.replace(/\D/g, "");
  return digits.length > 0 && partner.phone.includes(digits);
}

/** spec §2 Delivery Partners admin: summary tiles, a client-side search and the Available / Busy switch. */
export function PartnersAdmin() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ADMIN_KEYS.partners, queryFn: fetchPartners });
  const { data, isPending } = query;
  const [text, setText] = useState("");
  const [busyIds, setBusyIds] = useState<Set<string>>(new Set());
  const partners = useMemo(() => data ?? [], [data]);
  const shown = useMemo(() => partners.filter((p) => matches(p, text)), [partners, text]);
  const available = partners.filter((p) => p.isAvailable).length;

  async function toggle(partner: Partner) {
    setBusyIds((s) => new Set(s).add(partner.id));
    // spec §4: send the opposite of isAvailable
    const result = await callAction(setPartnerStatusAction, {
      partnerId: partner.id,
      isAvailable: !partner.isAvailable,
    });
    setBusyIds((s) => {
      const next = new Set(s);
      next.delete(partner.id);
      return next;
    });
    if (!result.ok) {
      toast.error(failureText(result));
      return;
    }
    queryClient.setQueryData<Partner[]>(ADMIN_KEYS.partners, (list) =>
      list?.map((p) => (p.id === result.data.partner.id ? result.data.partner : p)),
    );
    toast.success(result.message);
    if (result.data.note) toast.info(result.data.note);
  }

  const replace = (partner: Partner) =>
    queryClient.setQueryData<Partner[]>(ADMIN_KEYS.partners, (list) =>
      list?.map((p) => (p.id === partner.id ? partner : p)),
    );

  const tiles = [
    { label: "Total Partners", value: partners.length, tone: "bg-blue-50 text-blue-700" },
    { label: "Available", value: available, tone: "bg-brand-50 text-brand-700" },
    { label: "Busy", value: partners.length - available, tone: "bg-amber-50 text-amber-700" },
  ];

  return (
    <CrudScreen
      title="Delivery Partners"
      actions={
        <SearchBox label="Search partners" placeholder="Search partners..." value={text} onChange={setText} />
      }
      above={
        <dl className="mt-5 grid grid-cols-3 gap-3" data-testid="partner-tiles">
          {tiles.map((t) => (
            <div key={t.label} data-testid={`tile-${t.label}`} className={`rounded-xl p-3 md:p-4 ${t.tone}`}>
              <dt className="text-xs font-semibold md:text-sm">{t.label}</dt>
              <dd className="mt-1 text-2xl font-bold tabular-nums md:text-3xl">
                {isPending ? "–" : t.value}
              </dd>
            </div>
          ))}
        </dl>
      }
      query={query}
      rows={shown}
      empty={
        <p className="rounded-xl border border-dashed border-line py-12 text-center text-sm text-muted">
          {NO_PARTNERS_TEXT}
        </p>
      }
    >
      {(rows) => (
        <ul className="divide-y divide-line rounded-xl border border-line" aria-label="Delivery partners">
          {rows.map((p) => (
            <PartnerRow
              key={p.id}
              partner={p}
              busy={busyIds.has(p.id)}
              onToggle={() => void toggle(p)}
              onChanged={replace}
            />
          ))}
        </ul>
      )}
    </CrudScreen>
  );
}

function PartnerRow({
  partner: p,
  busy,
  onToggle,
  onChanged,
}: {
  partner: Partner;
  busy: boolean;
  onToggle: () => void;
  onChanged: (partner: Partner) => void;
}) {
  return (
    <li data-testid="partner-row" className="flex flex-wrap items-center gap-3 px-3 py-3 md:px-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-100 text-brand-700">
        <ScooterIcon className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-semibold text-ink">{p.name}</span>
          <span className="text-xs font-medium text-muted">Partner #{p.partnerNumber}</span>
          <PartnerAccountBadge partner={p} />
        </p>
        <p className="mt-0.5 flex flex-wrap gap-x-4 gap-y-0.5 text-sm text-muted">
          <span className="inline-flex items-center gap-1">
            <PhoneIcon className="size-3.5" />
            {p.phone}
          </span>
          <span>{p.vehicle || "Not specified"}</span>
          <span>Joined {joined.format(new Date(p.createdAt))}</span>
          {p.email && <span className="break-all">{p.email}</span>}
        </p>
      </div>
      <PartnerAccountActions partner={p} onChanged={onChanged} />
      <button
        type="button"
        role="switch"
        aria-checked={p.isAvailable}
        aria-label={`${p.name}: ${p.isAvailable ? "Available" : "Busy"}`}
        disabled={busy}
        onClick={onToggle}
        data-testid="partner-toggle"
        className={`inline-flex h-9 min-w-28 items-center gap-2 rounded-full px-1 pr-3 text-sm font-semibold transition-colors disabled:opacity-60 ${
          p.isAvailable ? "bg-brand-600 text-white" : "bg-amber-100 text-amber-800"
        }`}
      >
        <span
          aria-hidden="true"
          className={`size-7 rounded-full bg-white shadow transition-transform ${p.isAvailable ? "order-last ml-auto" : ""}`}
        />
        <span className={p.isAvailable ? "ml-2" : ""}>{p.isAvailable ? "Available" : "Busy"}</span>
      </button>
    </li>
  );
}
