import "server-only";

// The audit log (issue 20, item 15): an append-only record of what admins and scripts changed. Infrastructure: the
// domain records its changes through recordAudit inside its own transaction; the dashboard reads through
// listAuditEntries. Nothing here edits or removes an entry, and the database refuses it (the migration's trigger).
export { recordAudit, type AuditActor, type AuditEntry } from "./record";
export {
  listAuditEntries,
  auditQuerySchema,
  AUDIT_PAGE_SIZE,
  type AuditEntryView,
  type AuditFilter,
  type AuditPage,
  type AuditQuery,
} from "./read";
export {
  changedFields,
  describeChanges,
  formatAuditValue,
  type AuditChange,
  type AuditValue,
  type AuditValues,
} from "./changes";
export {
  AUDIT_ACTIONS,
  AUDIT_ACTION_LIST,
  ADMIN_PROMOTE_ACTOR,
  auditActionLabel,
  isAuditAction,
  type AuditAction,
  type AuditSubjectType,
} from "./kinds";
