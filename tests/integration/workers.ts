// How many integration test files run at once (vitest.config.ts maxWorkers); each has its own database copy
// (global-setup.ts), picked in setup.ts by VITEST_POOL_ID.
export const INTEGRATION_WORKERS = 2;
