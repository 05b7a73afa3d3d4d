import { defineConfig } from "prisma/config";

// The datasource is given only when DATABASE_URL is set: `prisma generate` needs none, and an
// empty URL would make migrate commands succeed silently without doing anything.
const url = process.env.DATABASE_URL;

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  ...(url ? { datasource: { url } } : {}),
});
