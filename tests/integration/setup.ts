import { inject } from "vitest";

// Runs before each test file's imports, so lib/db connects to this worker's copy of this run's database.
const url = new URL(inject("databaseUrl"));
const pool = Number(process.env.VITEST_POOL_ID ?? "1");
url.pathname = `${url.pathname}_w${((pool - 1) % inject("databaseCopies")) + 1}`;
process.env.DATABASE_URL = url.toString();
process.env.NEXTAUTH_SECRET ??= "integration-test-secret";
process.env.APP_URL ??= "http://localhost:3000";
