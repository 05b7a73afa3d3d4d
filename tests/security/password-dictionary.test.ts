import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Issue 20 #12: the common-password list is checked on the server only, so its ~380 kB never reach a browser. Every
// module that loads it (or the checker) must be a `server-only` module, which fails the build if client code imports it.

const ROOTS = ["app", "components", "lib"];

async function sources(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "generated" && entry.name !== "node_modules") out.push(...(await sources(file)));
    } else if (/\.(ts|tsx|js|mjs)$/.test(entry.name)) out.push(file);
  }
  return out;
}

describe("the common-password dictionary stays on the server", () => {
  it("is loaded only by server-only modules, and the checker is imported only by server-only modules", async () => {
    const files = (await Promise.all(ROOTS.map(sources))).flat();
    const offenders: string[] = [];
    let loaders = 0;
    for (const file of files) {
      const text = await readFile(file, "utf8");
      const loadsList = text.includes("@zxcvbn-ts/");
      const importsChecker = /from "(?:\.\/|@\/lib\/accounts\/)password-strength"/.test(text);
      if (loadsList) loaders++;
      if ((loadsList || importsChecker) && !/^import "server-only";/m.test(text)) offenders.push(file);
      if (text.startsWith('"use client"') && (loadsList || importsChecker)) offenders.push(file);
    }
    expect(loaders).toBeGreaterThan(0);
    expect(offenders).toEqual([]);
  });

  it("is not part of the schemas the forms share with the browser", async () => {
    const schemas = await readFile("lib/accounts/schemas.ts", "utf8");
    expect(schemas).not.toMatch(/zxcvbn|password-strength/);
  });
});
