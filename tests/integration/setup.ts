import { inject } from "vitest";

// Runs before each test file's imports, so lib/db connects to this worker's copy of this run's database.
const url = new URL(inject("databaseUrl"));
url.pathname = `${url.pathname}_w${process.env.VITEST_POOL_ID ?? "1"}`;
process.env.DATABASE_URL = url.toString();
process.env.NEXTAUTH_SECRET ??= "integration-test-secret";
process.env.APP_URL ??= "http://localhost:3000";
