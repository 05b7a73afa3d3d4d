// Refreshes assets/emoji/ from the @lobehub/fluent-emoji-3d devDependency: copies exactly the emoji the
// demo catalogue uses (catalogue.ts → usedEmoji()) and removes any the catalogue no longer uses.
//   node --import tsx prisma/seed/copy-emoji.ts
// Fluent Emoji 3D: MIT © Microsoft Corporation (see THIRD_PARTY_NOTICES).
import { access, copyFile, mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { usedEmoji } from "./catalogue";

const root = fileURLToPath(new URL("../..", import.meta.url));
const source = path.join(root, "node_modules/@lobehub/fluent-emoji-3d/assets");
const target = path.join(root, "assets/emoji");

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

async function main() {
  if (!(await exists(source)))
    throw new Error(`${path.relative(root, source)} is missing: run npm install first`);
  await mkdir(target, { recursive: true });
  const wanted = usedEmoji();
  const missing: string[] = [];
  for (const code of wanted) {
    // Some emoji carry a variation selector in the package's file name (🌶️ is 1f336-fe0f.webp);
    // the app names them by the bare codepoint.
    const from = [`${code}.webp`, `${code}-fe0f.webp`].map((f) => path.join(source, f));
    const found = (await exists(from[0] ?? ""))
      ? from[0]
      : (await exists(from[1] ?? ""))
        ? from[1]
        : undefined;
    if (!found) {
      missing.push(code);
      continue;
    }
    await copyFile(found, path.join(target, `${code}.webp`));
  }
  const keep = new Set(wanted.map((c) => `${c}.webp`));
  const stale = (await readdir(target)).filter((f) => f.endsWith(".webp") && !keep.has(f));
  await Promise.all(stale.map((f) => rm(path.join(target, f))));
  console.log(
    `copied ${wanted.length - missing.length} emoji to assets/emoji, removed ${stale.length} unused`,
  );
  if (missing.length) throw new Error(`not in the emoji package: ${missing.join(", ")}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
