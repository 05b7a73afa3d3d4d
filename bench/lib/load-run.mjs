// The timed part of a mixed-load run, shared by bench/load.mjs and bench/faults.mjs.
import { payActionId, runShopper } from "./shopper.mjs";

/**
 * One untimed visit of every page the shoppers will open (each listing and product of the pool, home, a search),
 * a few at a time, so that the timed run measures a warm server rather than first renders.
 */
export async function warmUp(base, pool) {
  const paths = ["/", "/search?q=milk", ...new Set(pool.flatMap((p) => [p.listingPath, p.productPath, `/search?q=${encodeURIComponent(p.word)}`]))];
  for (let i = 0; i < paths.length; i += 4) {
    await Promise.all(paths.slice(i, i + 4).map((p) => fetch(base + p).then((r) => r.arrayBuffer()).catch(() => {})));
  }
}

/** Every shopper loops until `seconds` have passed (its last loop finishes); resolves with outcomes and wall time. */
export const LOAD_SETTINGS = {
  /** mean pause between a shopper's steps (uniform 0 … 2×), as people read before they click */
  thinkMs: Number(process.env.BENCH_THINK_MS ?? 5000),
  /** the home page once every N loops */
  homeEvery: Number(process.env.BENCH_HOME_EVERY ?? 4),
  /** shoppers arrive evenly over this many seconds at the start of the run */
  rampSeconds: Number(process.env.BENCH_RAMP_SECONDS ?? 20),
};

export async function runLoad({ shoppers, pool, seconds, rec, settings = LOAD_SETTINGS }) {
  const actionId = payActionId();
  const { thinkMs, homeEvery, rampSeconds } = settings;
  const started = performance.now();
  const deadline = Date.now() + seconds * 1000;
  const outcomes = await Promise.all(
    shoppers.map(async (s, i) => {
      // shoppers arrive over the ramp, as real ones do not all open the shop in the same instant
      await new Promise((r) => setTimeout(r, (i * Math.min(rampSeconds, seconds / 2) * 1000) / shoppers.length));
      return runShopper(s, { pool, deadline, rec, actionId, thinkMs, homeEvery });
    }),
  );
  return { outcomes, wallSeconds: (performance.now() - started) / 1000 };
}
