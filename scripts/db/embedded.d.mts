export function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database?: string;
  log?: (message: string) => void;
}): Promise<{ url: string; fresh: boolean; stop(): Promise<void> }>;
export { embeddedDatabaseUrl, embeddedPasswordFile } from "./embedded-password.mjs";
