import type { Metadata } from "next";
import { AuditLog, type AuditFormValues } from "@/components/admin/audit-log";
import { NoPermission } from "@/components/admin/no-permission";
import { DashboardPanel } from "@/components/layout/dashboard-panel";
import { listAuditEntries, type AuditPage } from "@/lib/audit";
import { getSessionViewer } from "@/lib/auth/viewer";
import { AppError } from "@/lib/errors";

export const metadata: Metadata = { title: "Audit Log" };

type SearchParams = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

// The audit log (issue 20, item 15): who changed what, before → after, when; read-only. The (admin) layout already
// refuses other users; the page checks again, and listAuditEntries checks the role a third time.
export default async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const viewer = await getSessionViewer();
  if (viewer?.role !== "ADMIN") return <NoPermission />;
  const params = await searchParams;
  const form: AuditFormValues = {
    action: first(params.action),
    actor: first(params.actor),
    subject: first(params.subject),
    from: first(params.from),
    to: first(params.to),
  };
  let page: AuditPage | null = null;
  let error: string | null = null;
  try {
    page = await listAuditEntries(viewer, { ...form, cursor: first(params.cursor), dir: first(params.dir) });
  } catch (e) {
    if (!(e instanceof AppError && e.code === "VALIDATION")) throw e;
    error = e.message;
  }
  return (
    <DashboardPanel
      title="Audit Log"
      lead="What admins and scripts changed: prices, stock, the catalogue, order statuses, partners and roles."
    >
      <AuditLog page={page} form={form} error={error} />
    </DashboardPanel>
  );
}
