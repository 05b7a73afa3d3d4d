import "server-only";
import type { Prisma, Tx } from "@/lib/db";
import type { AuditValues } from "./changes";
import type { AuditAction, AuditSubjectType } from "./kinds";

// The one writer of the audit log. Infrastructure: it takes plain data and never imports the domain; the domain calls
// it inside the transaction that makes the change, so the entry and the change commit (or roll back) together:
//   await recordAudit(tx, { actor: viewer, action: "product.price", subject: { type: "product", id, label: name },
//     before: { pricePaise: 4950 }, after: { pricePaise: 5500 } });
// A later audited change (fees, coupons, store pause) is one such line plus one entry in ./kinds.ts.

/** Who made the change: a signed-in user (a Viewer fits), or a script with `id: null` and its name as `email`. */
export type AuditActor = { readonly id: string | null; readonly email: string };

export type AuditEntry = {
  actor: AuditActor;
  action: AuditAction;
  /** what was changed, with its name at the time (the row may be renamed or removed later) */
  subject: { type: AuditSubjectType; id: string; label: string };
  /** the changed fields before the change ({} or omitted: nothing before, a creation) */
  before?: AuditValues;
  /** the changed fields after the change ({} or omitted: nothing after, a removal) */
  after?: AuditValues;
};

const MAX_LABEL = 200;
const clip = (text: string) => (text.length > MAX_LABEL ? `${text.slice(0, MAX_LABEL - 1)}…` : text);

/** Appends one entry to the audit log inside `tx`. The table refuses UPDATE, DELETE and TRUNCATE (its trigger). */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.auditLog.create({
    data: {
      actorId: entry.actor.id,
      actorEmail: entry.actor.email,
      action: entry.action,
      subjectType: entry.subject.type,
      subjectId: entry.subject.id,
      subjectLabel: clip(entry.subject.label),
      before: (entry.before ?? {}) as Prisma.InputJsonObject,
      after: (entry.after ?? {}) as Prisma.InputJsonObject,
    },
    select: { id: true },
  });
}
