import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import boundaries from "eslint-plugin-boundaries";
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

// The floors (README, Architecture), checked by eslint-plugin-boundaries on every import that resolves into the repo:
//   app (routes)  →  ui (components)  →  domain (lib/<domain>, its actions.ts included)  →  infra (lib/db, auth, mail …)
// with two side floors: actions (lib/actions, the action clients every lib/<domain>/actions.ts uses) and jobs
// (lib/jobs, which run domain functions off the request path). Nothing imports a floor above its own.
const LAYERS = [
  { type: "app", pattern: "app/**", partialMatch: false },
  { type: "ui", pattern: "components/**", partialMatch: false },
  { type: "jobs", pattern: "lib/jobs/**", partialMatch: false },
  { type: "actions", pattern: "lib/actions/**", partialMatch: false },
  {
    type: "domain",
    pattern: "lib/{accounts,addresses,bill,cart,catalog,coupons,dispatch,orders,partners,stores}/**",
    partialMatch: false,
  },
  { type: "infra", pattern: "lib/**", partialMatch: false },
];
const above = (...types) => ({ to: { element: { types: { anyOf: types } } } });
const floors = {
  plugins: { boundaries },
  settings: {
    "import/resolver": { typescript: { project: "./tsconfig.json" } },
    "boundaries/elements": LAYERS,
  },
  rules: {
    "boundaries/dependencies": [
      "error",
      {
        default: "allow",
        policies: [
          { from: { element: { type: "ui" } }, disallow: above("app", "jobs") },
          { from: { element: { type: "jobs" } }, disallow: above("app", "ui") },
          { from: { element: { type: "domain" } }, disallow: above("app", "ui", "jobs") },
          { from: { element: { type: "actions" } }, disallow: above("app", "ui", "jobs", "domain") },
          { from: { element: { type: "infra" } }, disallow: above("app", "ui", "jobs", "domain", "actions") },
        ],
      },
    ],
  },
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
  { files: ["app/**", "components/**", "lib/**", "proxy.ts", "instrumentation.ts"], ...floors },
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
    // the domain speaks its own language: HTTP shapes belong to the route handlers and lib/http
    files: ["lib/{accounts,addresses,bill,cart,catalog,coupons,dispatch,orders,partners,stores}/**", "lib/actions/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "next/server",
              message:
                "Domain code does not speak HTTP: leave requests and responses to app/api and lib/http.",
            },
          ],
          patterns: [prismaOnlyInDb],
        },
      ],
    },
  },
  {
    files: ["lib/db/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["@/app/*", "@/components/*"], message: "lib/ must not depend on app/ or components/." },
          ],
        },
      ],
    },
  },
]);
