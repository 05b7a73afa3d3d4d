import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { defineConfig, globalIgnores } from "eslint/config";

// Layer boundaries (DESIGN.md rule 7): pages and components reach data only through lib/<domain>;
// only lib/db touches the Prisma client; lib never imports app/ or components/.
const prismaOnlyInDb = {
  group: ["@/lib/generated/*", "**/generated/prisma*", "@prisma/client", "@prisma/adapter-pg", "pg"],
  message: "Only lib/db may touch the database driver; go through lib/<domain>.",
};
const dbOnlyInLib = {
  group: ["@/lib/db", "@/lib/db/*"],
  message: "Pages and components reach data through lib/<domain>, never lib/db.",
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    ".next/**",
    "lib/generated/**",
    "node_modules/**",
    ".data/**",
    "test-results/**",
    "playwright-report/**",
    "next-env.d.ts",
  ]),
  {
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[property.name='$transaction']",
          message: "Run transactions through runTx from @/lib/db (retries, isolation by name): lib/db/tx.ts.",
        },
      ],
    },
  },
  // the helper itself, and the seed script (its own client, one long transaction under an advisory lock)
  { files: ["lib/db/tx.ts", "prisma/seed/**"], rules: { "no-restricted-syntax": "off" } },
  {
    files: ["app/**", "components/**", "proxy.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [prismaOnlyInDb, dbOnlyInLib] }] },
  },
  {
    files: ["lib/**"],
    ignores: ["lib/db/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            prismaOnlyInDb,
            { group: ["@/app/*", "@/components/*"], message: "lib/ must not depend on app/ or components/." },
          ],
        },
      ],
    },
  },
  {
    files: ["lib/db/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@/app/*", "@/components/*"], message: "lib/ must not depend on app/ or components/." }] },
      ],
    },
  },
]);
