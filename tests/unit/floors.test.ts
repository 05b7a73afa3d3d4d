import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The floors of the README's Architecture section are enforced by lint (eslint.config.mjs, eslint-plugin-boundaries).
// Each case lints a one-line module as if it sat in a real file of the repo, and expects the wrong-way import refused.

const eslint = new ESLint({ cwd: process.cwd() });

async function floorErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath });
  return result!.messages
    .filter((m) => m.ruleId === "boundaries/dependencies" || m.ruleId === "no-restricted-imports")
    .map((m) => m.message);
}

// typed linting builds a TypeScript program on first use: give it time (npm test runs it beside the build)
describe("the floors lint", { timeout: 180_000 }, () => {
  it("refuses a component importing from app/", async () => {
    const errors = await floorErrors("components/cart/cart-label.ts", 'import x from "@/app/(shop)/layout";');
    expect(errors.join("\n")).toMatch(/"app" are not allowed in elements of type "ui"/);
  });

  it("refuses the domain importing a component, and next/server", async () => {
    expect(
      (await floorErrors("lib/cart/rules.ts", 'import { x } from "@/components/cart/cart-label";')).join(
        "\n",
      ),
    ).toMatch(/"ui" are not allowed in elements of type "domain"/);
    expect(
      (await floorErrors("lib/orders/pricing.ts", 'import { NextResponse as x } from "next/server";')).join(
        "\n",
      ),
    ).toMatch(/Domain code does not speak HTTP/);
  });

  it("refuses infrastructure importing the domain", async () => {
    const errors = await floorErrors("lib/mail/templates.ts", 'import { getCart as x } from "@/lib/cart";');
    expect(errors.join("\n")).toMatch(/"domain" are not allowed in elements of type "infra"/);
  });

  it("lets the floors import downwards", async () => {
    expect(
      await floorErrors(
        "components/cart/cart-label.ts",
        'import { OUT_OF_STOCK_MESSAGE as x } from "@/lib/cart/rules";',
      ),
    ).toEqual([]);
    expect(await floorErrors("lib/cart/rules.ts", 'import { AppError as x } from "@/lib/errors";')).toEqual(
      [],
    );
  });
});

describe("the server floor", () => {
  // Modules that may run outside a React server bundle on purpose, and why.
  const EXEMPT: Record<string, string> = {
    "lib/http/forwarded.ts": "loaded by proxy.ts, whose bundle refuses server-only",
    "lib/page-cache/script-hashes.ts": "the page cache runs in proxy.ts, whose bundle refuses server-only",
    "lib/page-cache/serve.ts": "the page cache runs in proxy.ts, whose bundle refuses server-only",
    "lib/page-cache/store.ts": "shared by proxy.ts (whose bundle refuses server-only) and the app's catalogue and stores",
    "lib/media/catalog-art.ts": "plain-Node scripts (the seed) draw pictures with it; the app imports catalog-image.ts",
  };

  it("marks every lib module that touches the database, secrets or Node APIs as server-only", async () => {
    const { readFile } = await import("node:fs/promises");
    const { readdirSync } = await import("node:fs");
    const files = readdirSync("lib", { recursive: true, encoding: "utf8" })
      .filter((f) => /\.tsx?$/.test(f) && !f.startsWith("generated"))
      .map((f) => `lib/${f}`);
    expect(files.length).toBeGreaterThan(100);
    const missing: string[] = [];
    for (const file of files) {
      const text = await readFile(file, "utf8");
      const touches = /from "@\/lib\/db"|from "node:|from "@\/lib\/env"|process\.env/.test(text);
      const marked = /^import "server-only";/m.test(text) || /^"use server";/m.test(text);
      if (touches && !marked && !(file in EXEMPT)) missing.push(file);
    }
    expect(missing).toEqual([]);
  });
});
