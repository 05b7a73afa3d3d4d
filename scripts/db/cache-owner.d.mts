export function databaseIdentity(connectionString: string): Promise<string | null>;
export function keepCacheWithDatabase(
  connectionString: string,
  options?: { nextDir?: string; log?: (message: string) => void },
): Promise<boolean>;
