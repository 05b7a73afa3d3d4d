import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";

// One client per process (hot reload in development would otherwise open a pool per edit).
const globalForPrisma = globalThis as unknown as { kwikmartPrisma?: PrismaClient };

function createClient(): PrismaClient {
  const adapter = new PrismaPg({
    connectionString: process.env.DATABASE_URL ?? "",
    max: Number(process.env.DB_POOL_MAX ?? 10),
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // SSD-class storage: without this the planner seq-scans common search words instead of using the GIN index.
    options: "-c random_page_cost=1.1",
  });
  return new PrismaClient({ adapter });
}

export const prisma: PrismaClient = globalForPrisma.kwikmartPrisma ?? createClient();
globalForPrisma.kwikmartPrisma = prisma;
