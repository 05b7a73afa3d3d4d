// V8's explicit compile hint on every client chunk of a production build (issue 19 #4, TBT). Without it Chrome
// compiles each module of a chunk lazily, on the main thread, when the module first runs: at hydration that is one
// task of 170–200 ms on Lighthouse's phone (React DOM, Next's router and the page's components, 4× CPU), most of a
// page's Total Blocking Time. `//# allFunctionsCalledOnLoad` on a script's first line asks Chrome (136 and later) to
// compile the whole file eagerly on a background thread while it downloads, so the same task runs in 75–100 ms.
// A chunk is fetched only when a page runs it (the shop's first load, or a part it loads on demand), so eager is right
// for all of them but the small ones: a chunk under 16 KiB compiles in well under a millisecond, and the hint would be
// bytes for nothing (first-load budgets: scripts/js-budget.mjs). Other browsers read a comment. Run by next.config.ts
// after Next compiles (runAfterProductionCompile).
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";
export const MIN_HINTED_BYTES = 16 * 1024;
const HINT = Buffer.from(COMPILE_HINT);

/**
 * Puts the hint on the first line of every .js file of at least MIN_HINTED_BYTES under DIST/static/chunks; a file that
 * has it is left alone. Returns how many files it hinted.
 */
export async function addCompileHints(distDir) {
  const dir = path.join(distDir, "static", "chunks");
  let entries;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if (error.code === "ENOENT") return 0; // no client chunks (nothing to hint)
    throw error;
  }
  let hinted = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith(".js")) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    const code = await readFile(file);
    if (code.length < MIN_HINTED_BYTES || code.subarray(0, HINT.length).equals(HINT)) continue;
    await writeFile(file, Buffer.concat([HINT, code]));
    hinted++;
  }
  return hinted;
}
