import "server-only";
import pg from "pg";

// A dedicated connection that LISTENs on one channel (live events, lib/events/hub.ts): outside the pool, because a
// pooled connection would be handed to queries and lose its LISTEN. `onLost` runs once when it breaks.

export type Listening = { close: () => Promise<void> };

export async function listen(
  channel: string,
  onNotify: (payload: string) => void,
  onLost: (error?: Error) => void,
): Promise<Listening> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`listen: bad channel name ${channel}`);
  const client = new pg.Client({
    connectionString: process.env.DATABASE_URL,
    connectionTimeoutMillis: 5_000,
  });
  let closed = false;
  let ready = false;
  const lost = (error?: Error) => {
    if (closed) return;
    closed = true;
    client.end().catch(() => undefined);
    // a failure while connecting is the caller's rejected promise, not a loss
    if (ready) onLost(error);
  };
  client.on("notification", (msg) => {
    if (msg.channel === channel && msg.payload) onNotify(msg.payload);
  });
  client.on("error", lost);
  client.on("end", () => lost());
  try {
    await client.connect();
    await client.query(`LISTEN ${channel}`);
    ready = true;
  } catch (error) {
    closed = true;
    await client.end().catch(() => undefined);
    throw error;
  }
  return {
    close: async () => {
      closed = true;
      await client.end().catch(() => undefined);
    },
  };
}
