// The seed CLI. With DATABASE_URL set (or in .env):
//   node --import tsx prisma/seed/index.ts            seed if empty, else restore the demo accounts and partners
//   node --import tsx prisma/seed/index.ts --if-empty do nothing when any category exists (what `npm start` runs)
//   node --import tsx prisma/seed/index.ts --reset    empty every table, then seed
import { existsSync } from "node:fs";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../../lib/generated/prisma/client";
import { seedDatabase, type SeedMode } from "./run";

const USAGE = "usage: node --import tsx prisma/seed/index.ts [--if-empty | --reset]";

function parseMode(args: string[]): SeedMode {
  const known = new Set(["--if-empty", "--reset"]);
  const unknown = args.filter((a) => !known.has(a));
  if (args.includes("--help") || args.includes("-h")) {
    console.log(USAGE);
    process.exit(0);
  }
  if (unknown.length) throw new Error(`unknown option ${unknown.join(" ")}\n${USAGE}`);
  if (args.includes("--if-empty") && args.includes("--reset"))
    throw new Error(`--if-empty and --reset exclude each other\n${USAGE}`);
  if (args.includes("--reset")) return "reset";
  if (args.includes("--if-empty")) return "if-empty";
  return "default";
}

async function main() {
  const mode = parseMode(process.argv.slice(2));
  if (!process.env.DATABASE_URL && existsSync(".env")) process.loadEnvFile(".env");
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set (`npm start` seeds its embedded database by itself)");

  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 4 }) });
  try {
    const r = await seedDatabase(prisma, { mode });
    const counts =
      `${r.categories} categories, ${r.subCategories} sub-categories, ${r.products} products, ` +
      `${r.users} users, ${r.stores} dark stores, ${r.partners} delivery partners`;
    const took = `${(r.ms / 1000).toFixed(1)} s`;
    if (r.action === "skipped")
      console.log(`seed: the catalogue is already there, nothing to do (${counts}; ${took})`);
    else if (r.action === "accounts")
      console.log(`seed: catalogue kept, demo accounts and partners restored (${counts}; ${took})`);
    else console.log(`seed: seeded the demo shop: ${counts} in ${took}`);
  } finally {
    await prisma.$disconnect();
  }
}

main().catch((error: unknown) => {
  console.error(`seed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
