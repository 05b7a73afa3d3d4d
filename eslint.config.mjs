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
    },
  },
  {
    // Stored pictures are drawn in one component, which says why it is a plain <img> (components/ui/catalog-image.tsx).
    files: ["components/ui/catalog-image.tsx"],
    rules: { "@next/next/no-img-element": "off" },
  },
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
