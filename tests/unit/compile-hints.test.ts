import { mkdtemp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import nextConfig from "../../next.config";
import { COMPILE_HINT, MIN_HINTED_BYTES } from "../../scripts/compile-hints.mjs";

// The build's client chunks carry V8's compile hint (issue 19 #4: compiled off the main thread, TBT), put there by the
// hook next.config.ts gives Next for after its compile.

let dist: string;
afterEach(() => rm(dist, { recursive: true, force: true }));

describe("compile hints after the production compile", () => {
  it("go on the first line of each big client chunk, once, and nowhere else", async () => {
    dist = await mkdtemp(path.join(tmpdir(), "kwik-hints-"));
    const chunks = path.join(dist, "static", "chunks");
    await mkdir(path.join(chunks, "app"), { recursive: true });
    const big = `(globalThis.TURBOPACK||[]).push([${"1,".repeat(MIN_HINTED_BYTES / 2)}0]);`;
    const files = {
      "framework.js": big,
      "app/page.js": big,
      "small.js": "(globalThis.TURBOPACK||[]).push([0]);",
      "styles.css": `body{margin:0}${" ".repeat(MIN_HINTED_BYTES)}`,
    };
    for (const [name, text] of Object.entries(files)) await writeFile(path.join(chunks, name), text);

    const after = nextConfig.compiler?.runAfterProductionCompile;
    expect(after, "next.config.ts hands Next the hook").toBeTypeOf("function");
    await after!({ distDir: dist, projectDir: process.cwd() });
    await after!({ distDir: dist, projectDir: process.cwd() }); // a second run changes nothing

    const read = (name: string) => readFile(path.join(chunks, name), "utf8");
    expect(await read("framework.js")).toBe(COMPILE_HINT + big);
    expect(await read("app/page.js")).toBe(COMPILE_HINT + big);
    expect(await read("small.js")).toBe(files["small.js"]);
    expect(await read("styles.css")).toBe(files["styles.css"]);
  });

  it("leave a build without client chunks alone", async () => {
    dist = await mkdtemp(path.join(tmpdir(), "kwik-hints-"));
    await expect(nextConfig.compiler!.runAfterProductionCompile!({ distDir: dist, projectDir: process.cwd() })).resolves.toBeUndefined();
  });
});
