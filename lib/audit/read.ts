import "server-only";
import { z } from "zod";
import { prisma, type Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { validate } from "@/lib/http/parse";
import { describeChanges, type AuditChange } from "./changes";
import { AUDIT_ACTIONS, auditActionLabel, type AuditAction } from "./kinds";

// Reading the audit log (the dashboard's /dashboard/audit): newest first, filtered by action, actor e-mail, subject
// and date range, 50 a page with keyset cursors (an entry's id: "older than" / "newer than" it), so a page stays
// stable while entries are added. Admins only: the role is checked here again, whatever the caller checked.
// Read-only by design: this module has no writer, and the table refuses UPDATE and DELETE.

export const AUDIT_PAGE_SIZE = 50;

/** Dates of the filter are days in the shop's time zone (India, UTC+05:30, no daylight saving). */
const SHOP_UTC_OFFSET = "+05:30";

export type AuditEntryView = {
  id: string;
  /** ISO time */
  at: string;
  actorId: string | null;
  actorEmail: string;
  action: string;
  actionLabel: string;
  subjectType: string;
  subjectId: string;
  subjectLabel: string;
  /** before → after as readable pairs */
  changes: AuditChange[];
};

export type AuditFilter = {
  action?: AuditAction;
  actor?: string;
  subject?: string;
  /** YYYY-MM-DD, inclusive */
  from?: string;
  /** YYYY-MM-DD, inclusive */
  to?: string;
};

export type AuditPage = {
  entries: AuditEntryView[];
  /** the filter as understood (blank fields dropped) */
  filter: AuditFilter;
  /** entries matching the filter, all pages */
  total: number;
  /** cursor for the next page of older entries, null on the last page */
  older: string | null;
  /** cursor for the page of newer entries, null on the first page */
  newer: string | null;
};

const blankToUndefined = (value: unknown) => {
  if (Array.isArray(value)) value = value[0];
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
};
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

const day = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    }, `${label} is not a real date`);

export const auditQuerySchema = z
  .object({
    action: optional(
      z
        .string()
        .refine((v): v is AuditAction => Object.hasOwn(AUDIT_ACTIONS, v), "Choose an action from the list"),
    ),
    actor: optional(z.string().max(254, "The actor e-mail is too long")),
    subject: optional(z.string().max(200, "The subject is too long")),
    from: optional(day("From")),
    to: optional(day("To")),
    cursor: optional(z.string().regex(/^[A-Za-z0-9_]{1,64}$/, "That page link is not valid")),
    dir: optional(z.enum(["older", "newer"])),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: "From must be on or before To",
    path: ["from"],
  });

export type AuditQuery = z.input<typeof auditQuerySchema>;

const startOfDay = (value: string) => new Date(`${value}T00:00:00.000${SHOP_UTC_OFFSET}`);
const startOfNextDay = (value: string) => new Date(startOfDay(value).getTime() + 24 * 60 * 60 * 1000);

function whereOf(filter: AuditFilter): Prisma.AuditLogWhereInput[] {
  const where: Prisma.AuditLogWhereInput[] = [];
  if (filter.action) where.push({ action: filter.action });
  if (filter.actor) where.push({ actorEmail: { contains: filter.actor, mode: "insensitive" } });
  if (filter.subject) {
    where.push({
      OR: [
        { subjectLabel: { contains: filter.subject, mode: "insensitive" } },
        { subjectId: filter.subject },
      ],
    });
  }
  if (filter.from) where.push({ at: { gte: startOfDay(filter.from) } });
  if (filter.to) where.push({ at: { lt: startOfNextDay(filter.to) } });
  return where;
}

const select = {
  id: true,
  at: true,
  actorId: true,
  actorEmail: true,
  action: true,
  subjectType: true,
  subjectId: true,
  subjectLabel: true,
  before: true,
  after: true,
} as const;

type Row = Prisma.AuditLogGetPayload<{ select: typeof select }>;

const toView = (row: Row): AuditEntryView => ({
  id: row.id,
  at: row.at.toISOString(),
  actorId: row.actorId,
  actorEmail: row.actorEmail,
  action: row.action,
  actionLabel: auditActionLabel(row.action),
  subjectType: row.subjectType,
  subjectId: row.subjectId,
  subjectLabel: row.subjectLabel,
  changes: describeChanges(row.before, row.after),
});

/**
 * One page of the audit log for an admin. `query` is the page's search parameters as they came (strings, blanks
 * for unused fields); a bad value is a VALIDATION AppError saying which. Guests: UNAUTHENTICATED; others: FORBIDDEN.
 */
export async function listAuditEntries(viewer: { role: string } | null, query: unknown): Promise<AuditPage> {
  if (!viewer) throw new AppError("UNAUTHENTICATED", "Please login");
  if (viewer.role !== "ADMIN") throw new AppError("FORBIDDEN", "Do not have permission");
  const q = validate(auditQuerySchema, query ?? {}, "standalone");
  const filter: AuditFilter = Object.fromEntries(
    (["action", "actor", "subject", "from", "to"] as const)
      .filter((k) => q[k] !== undefined)
      .map((k) => [k, q[k]]),
  );
  const where = whereOf(filter);

  // an unknown cursor (a hand-made link) reads as the first page
  const at = q.cursor
    ? await prisma.auditLog.findUnique({ where: { id: q.cursor }, select: { id: true, at: true } })
    : null;
  const newerPage = at !== null && q.dir === "newer";
  const keyset: Prisma.AuditLogWhereInput[] = !at
    ? []
    : newerPage
      ? [{ OR: [{ at: { gt: at.at } }, { at: at.at, id: { gt: at.id } }] }]
      : [{ OR: [{ at: { lt: at.at } }, { at: at.at, id: { lt: at.id } }] }];
  const order: Prisma.SortOrder = newerPage ? "asc" : "desc";

  const [rows, total] = await Promise.all([
    prisma.auditLog.findMany({
      where: { AND: [...where, ...keyset] },
      select,
      orderBy: [{ at: order }, { id: order }],
      take: AUDIT_PAGE_SIZE + 1,
    }),
    prisma.auditLog.count({ where: { AND: where } }),
  ]);
  const more = rows.length > AUDIT_PAGE_SIZE;
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  if (newerPage) page.reverse();
  const entries = page.map(toView);
  const first = entries[0]?.id ?? null;
  const last = entries.at(-1)?.id ?? null;
  return newerPage
    ? { entries, filter, total, newer: more ? first : null, older: last }
    : { entries, filter, total, newer: at ? first : null, older: more ? last : null };
}
