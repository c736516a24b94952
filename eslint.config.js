// @ts-check
// Lint rules, including the one-way import direction of STYLE.md:
// app -> routes -> features -> (ui, lib, shared); ui -> shared; lib -> shared; sw -> shared;
// hub may use src/shared only.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

/** @param {string[]} layers @param {string} why */
const forbid = (layers, why) => ({
  "no-restricted-imports": [
    "error",
    {
      patterns: layers.map((layer) => ({
        group: [`**/${layer}/**`, `**/${layer}`],
        message: `Imports run one way (STYLE.md): ${why}`,
      })),
    },
  ],
});

export default tseslint.config(
  { ignores: ["dist", "node_modules", "src/routeTree.gen.ts", "test-results", "playwright-report", ".hub-data"] },
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
  { files: ["src/routes/**"], rules: forbid(["app"], "routes may not import app") },
  { files: ["src/features/**"], rules: forbid(["app", "routes"], "features may not import app or routes") },
  { files: ["src/ui/**"], rules: forbid(["app", "routes", "features", "lib"], "ui imports only shared") },
  { files: ["src/lib/**"], rules: forbid(["app", "routes", "features", "ui"], "lib imports only shared") },
  { files: ["src/shared/**"], rules: forbid(["app", "routes", "features", "ui", "lib"], "shared imports nothing of the app") },
  { files: ["sw/**"], rules: forbid(["src/app", "src/routes", "src/features", "src/ui", "src/lib"], "sw imports only src/shared") },
  { files: ["hub/**"], rules: forbid(["src/app", "src/routes", "src/features", "src/ui", "src/lib"], "the hub imports only src/shared") },
);
