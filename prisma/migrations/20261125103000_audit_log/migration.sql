-- The audit log (issue 20, item 15): what admins and scripts changed, who did it, before → after, when.

-- CreateTable
CREATE TABLE "AuditLog" (
    "id" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorId" TEXT,
    "actorEmail" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "subjectType" TEXT NOT NULL,
    "subjectId" TEXT NOT NULL,
    "subjectLabel" TEXT NOT NULL,
    "before" JSONB NOT NULL DEFAULT '{}',
    "after" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "AuditLog_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AuditLog_at_id_idx" ON "AuditLog"("at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "AuditLog_action_at_idx" ON "AuditLog"("action", "at" DESC);

-- CreateIndex
CREATE INDEX "AuditLog_subjectId_idx" ON "AuditLog"("subjectId");

-- Append-only, enforced by the database itself (Prisma cannot express triggers; its differ ignores them, so later
-- migrations keep this): any UPDATE, DELETE or TRUNCATE of "AuditLog" is refused, whatever the statement matches,
-- so a mistake or an injected statement in the app cannot rewrite history. Statement-level, so even an UPDATE or
-- DELETE that matches no row is refused. Only the table's owner could drop or disable the trigger, which the app
-- never does; to wipe a throwaway database, drop the database.
CREATE FUNCTION audit_log_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'The audit log is append-only: % on "AuditLog" is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege',
          HINT = 'Entries are only ever added (lib/audit, recordAudit).';
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER audit_log_append_only
  BEFORE UPDATE OR DELETE OR TRUNCATE ON "AuditLog"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
