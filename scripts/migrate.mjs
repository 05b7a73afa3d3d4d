// `npm run db:migrate`: applies pending migrations to DATABASE_URL (what start-up does by itself).
import { checkDatabaseUrl } from "./db/connect-check.mjs";
import { migrate } from "./db/migrator.mjs";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("DATABASE_URL is not set; `npm start` migrates the embedded database by itself.");
  process.exit(1);
}
try {
  await checkDatabaseUrl(url);
  const applied = await migrate(url, { log: console.log });
  console.log(applied.length ? `applied ${applied.length} migration(s)` : "database is up to date");
} catch (error) {
  console.error(`kwikmart: ${error.message}`);
  process.exit(1);
}
