import { defineConfig } from "@playwright/test";

/**
 * End-to-end tests: the real dashboard (built `dist/`) in the system Chromium against the real hub
 * and a real broker. Never downloads a browser: CHROMIUM_PATH or /usr/bin/chromium.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
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
