// In-process half of bench/serviceability.mjs: the lookup itself (lib/stores checkServiceability: the in-memory table,
// the nearest open store, the store's cached load and the promise), N times over the seeded pincodes and some
// coordinates, with no HTTP in between. Run by the bench as
//   node --conditions=react-server --import tsx bench/lib/serviceability-inproc.ts <lookups>
// with DATABASE_URL set to a seeded database; prints one JSON line.
import { checkServiceability, storeTable } from "@/lib/stores";
import { prisma } from "@/lib/db";

const lookups = Number(process.argv[2] ?? 10_000);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const table = await storeTable();
const pincodes = [...table.pincodes.keys()];
const queries = [
  ...pincodes.map((pincode) => ({ pincode })),
  ...[...table.pincodes.values()].map((p) => ({ lat: p.lat + 0.003, lng: p.lng - 0.002 })),
];
for (const q of queries) await checkServiceability(q); // warm: table and every store's load

const times: number[] = [];
let served = 0;
const t0 = performance.now();
for (let i = 0; i < lookups; i++) {
  const q = queries[i % queries.length]!;
  const t = performance.now();
  const r = await checkServiceability(q);
  times.push(performance.now() - t);
  if (r.serviceable) served++;
}
const wall = performance.now() - t0;
times.sort((a, b) => a - b);
const ms = (v: number) => +v.toFixed(3);
console.log(
  JSON.stringify({
    lookups,
    stores: table.stores.length,
    pincodes: pincodes.length,
    served,
    p50Ms: ms(pct(times, 50)!),
    p95Ms: ms(pct(times, 95)!),
    p99Ms: ms(pct(times, 99)!),
    maxMs: ms(times.at(-1)!),
    perSecond: Math.round(lookups / (wall / 1000)),
  }),
);
await prisma.$disconnect();
