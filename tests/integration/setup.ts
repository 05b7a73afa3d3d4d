import { inject } from "vitest";

// Runs before each test file's imports, so lib/db connects to this run's database.
process.env.DATABASE_URL = inject("databaseUrl");
process.env.NEXTAUTH_SECRET ??= "integration-test-secret";
process.env.APP_URL ??= "http://localhost:3000";
