import "server-only";
import { prisma } from "@/lib/db";

export type OutboxEntry = {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  provider: string;
  error: string | null;
  createdAt: Date;
};

/** The newest mails of the local outbox (for the development mail page), optionally for one recipient. */
export async function listOutbox(options: { to?: string; limit?: number } = {}): Promise<OutboxEntry[]> {
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 200);
  const to = options.to?.trim().toLowerCase();
  const rows = await prisma.mailOutbox.findMany({
    where: to ? { to } : undefined,
    orderBy: { createdAt: "desc" },
    take: limit,
  });
  // a mail waiting for Resend keeps its body in the row until it is sent: listed without it, like a sent one
  return rows.map((row) => (row.provider === "outbox" ? row : { ...row, html: "", text: "" }));
}
