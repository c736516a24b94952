import { defineConfig } from "@playwright/test";

/**
 * End-to-end tests: the real dashboard (built `dist/`) in the system Chromium against the real hub
 * and a real broker. Never downloads a browser: CHROMIUM_PATH or /usr/bin/chromium.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Specs that measure the main thread (long tasks under load at 4x CPU): they run in the "timing"
 * project, alone, after the rest (scripts/test-all.sh runs the two projects one after the other), so
 * a parallel worker's load does not distort their figures.
 */
const TIMING_SPECS = /live-limits\.spec\.ts$/;

/** Parallel workers for the "e2e" project: each worker has its own hub (tests/e2e/support/fixtures.ts). */
// 3 on a 2-core machine: two tests spend most of their 1.5-1.7 min waiting (keepalive, freshness);
// the whole project took 8.0 min with 3 workers and 9.0 min with 2 (2026-11-23).
const workers = Number(process.env.E2E_WORKERS ?? 3);

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/support/global-setup.ts",
  fullyParallel: false,
  workers,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  projects: [
    { name: "e2e", testIgnore: TIMING_SPECS },
    { name: "timing", testMatch: TIMING_SPECS },
  ],
  use: {
    locale: "pl-PL",
    timezoneId: "Europe/Warsaw",
    trace: "off",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
});
