// @ts-check
// Lint rules, including the one-way import direction of STYLE.md:
// app -> routes -> features -> platform -> (ui, lib, shared); ui -> shared; lib -> shared; sw -> shared;
// hub may use src/shared only; every one of them may use the contract (contract/), which uses nothing of theirs.
// The platform (src/platform) is what every feature stands on and no feature owns: commands and the
// command gate, the live channel, offline, auth, kiosk, config, the clock, preferences and the
// session resources' loader (fetching). It may not import a feature, a route or the app.
// A feature imports another feature only through that feature's public entry (its index.ts).
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { readdirSync } from "node:fs";

/**
 * `no-restricted-imports` for a layer: `layers` it may not import (folder names anywhere in the
 * import path), `packages` it may not use, and `extra` patterns with their own message.
 * @param {string[]} layers @param {string} why @param {{ packages?: string[], extra?: { group: string[], message: string }[] }} [more]
 */
const forbid = (layers, why, more = {}) => ({
  "no-restricted-imports": [
    "error",
    {
      paths: (more.packages ?? []).map((name) => ({ name, message: `Imports run one way (STYLE.md): ${why}` })),
      patterns: [
        ...layers.map((layer) => ({
          group: [`**/${layer}/**`, `**/${layer}`],
          message: `Imports run one way (STYLE.md): ${why}`,
        })),
        ...(more.extra ?? []),
      ],
    },
  ],
});

/** Unit test files: they may use the test helpers of src/test. */
const TESTS = ["**/*.test.ts", "**/*.test.tsx"];

/** The folders of a layer (`./src/features`, `./src/platform`). @param {string} layer */
const folders = (layer) =>
  readdirSync(new URL(layer, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** The dashboard's features (src/features/<name>): each may use another's public index.ts, no other file of it. */
const features = folders("./src/features");
/** @param {string} self */
const otherFeaturesInternals = (self) =>
  features
    .filter((name) => name !== self)
    .map((name) => ({
      group: [`**/${name}/*`, `!**/${name}/index`, `!**/${name}/index.ts`],
      message: `A feature's files are its own: import what '${name}' shares from its public entry (src/features/${name}/index.ts)`,
    }));

export default tseslint.config(
  {
    ignores: [
      "dist",
      "dist-hub",
      "node_modules",
      "src/routeTree.gen.ts",
      "test-results",
      "playwright-report",
      ".hub-data",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["src/routes/**"],
    ignores: TESTS,
    rules: forbid(["app", "test"], "routes may not import app or the test helpers"),
  },
  { files: ["src/routes/**/*.test.{ts,tsx}"], rules: forbid(["app"], "routes may not import app") },
  // Production code never imports the test helpers (src/test renders with the app's providers, so it
  // imports app: a feature importing it would run the layers backwards). Tests beside the code may.
  ...features.flatMap((name) => [
    {
      files: [`src/features/${name}/**`],
      ignores: TESTS,
      rules: forbid(["app", "routes", "test"], "features may not import app, routes or the test helpers", {
        extra: otherFeaturesInternals(name),
      }),
    },
    {
      files: [`src/features/${name}/**/*.test.{ts,tsx}`],
      rules: forbid(["app", "routes"], "features may not import app or routes", {
        extra: otherFeaturesInternals(name),
      }),
    },
  ]),
  {
    files: ["src/platform/**"],
    ignores: TESTS,
    rules: forbid(
      ["app", "routes", "features", "test"],
      "the platform may not import a feature, routes, app or the test helpers",
    ),
  },
  {
    files: ["src/platform/**/*.test.{ts,tsx}"],
    rules: forbid(["app", "routes", "features"], "the platform may not import a feature, routes or app"),
  },
  {
    files: ["src/ui/**"],
    ignores: TESTS,
    rules: forbid(
      ["app", "routes", "features", "platform", "lib", "test"],
      "ui imports only shared: props in, events out, no state or I/O",
      { packages: ["jotai", "jotai/utils", "mqtt", "dexie"] },
    ),
  },
  {
    files: ["src/ui/**/*.test.{ts,tsx}"],
    rules: forbid(["app", "routes", "features", "platform", "lib"], "ui imports only shared", {
      packages: ["jotai", "jotai/utils", "mqtt", "dexie"],
    }),
  },
  {
    files: ["src/lib/**"],
    ignores: TESTS,
    rules: forbid(["app", "routes", "features", "platform", "ui", "test"], "lib imports only shared"),
  },
  {
    files: ["src/lib/**/*.test.{ts,tsx}"],
    rules: forbid(["app", "routes", "features", "platform", "ui"], "lib imports only shared"),
  },
  {
    files: ["src/shared/**"],
    rules: forbid(["app", "routes", "features", "platform", "ui", "lib", "test"], "shared imports nothing of the app"),
  },
  // The contract runs in the browser, the service worker and Node: valibot and its own modules only.
  {
    files: ["contract/**"],
    ignores: ["**/*.test.ts"],
    rules: forbid(
      ["src", "app", "routes", "features", "platform", "ui", "lib", "test", "hub", "db"],
      "the contract (contract/) imports only valibot and its own modules",
      { packages: ["jotai", "jotai/utils", "mqtt", "dexie", "react", "ky"] },
    ),
  },
  {
    files: ["sw/**"],
    rules: forbid(
      ["src/app", "src/routes", "src/features", "src/platform", "src/ui", "src/lib"],
      "sw imports only src/shared and the contract",
    ),
  },
  {
    files: ["hub/**"],
    rules: forbid(
      ["src/app", "src/routes", "src/features", "src/platform", "src/ui", "src/lib"],
      "the hub imports only src/shared and the contract",
    ),
  },
);
