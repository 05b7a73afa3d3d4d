import "server-only";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { prisma } from "@/lib/db";

/** Ready when the database answers and every committed migration is applied. */
export async function checkReadiness(): Promise<{ ready: boolean; reason?: string }> {
  try {
    const rows = await prisma.$queryRaw<{ migration_name: string }[]>`
      SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
    const applied = new Set(rows.map((r) => r.migration_name));
    const dir = path.join(process.cwd(), "prisma/migrations");
    const entries = await readdir(dir, { withFileTypes: true });
    const pending = entries.filter((e) => e.isDirectory() && !applied.has(e.name)).map((e) => e.name);
    if (pending.length) return { ready: false, reason: `pending migrations: ${pending.join(", ")}` };
    return { ready: true };
  } catch {
    return { ready: false, reason: "database unreachable" };
  }
}
