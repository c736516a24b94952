import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * Test files run at once. Vitest's default for `run` is one less than the cores: a single worker on a
 * 2-core machine, which left a core idle while hub tests waited on timers and child processes (346 s
 * for the suite on 2026-11-23; 206-223 s with 3). VITEST_MAX_WORKERS overrides.
 */
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS ?? Math.max(3, availableParallelism() - 1));

/** Unit tests sit beside the code: dashboard code in a DOM-like environment, the hub in Node. */
export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      {
        test: {
          name: "app",
          include: ["src/**/*.test.{ts,tsx}", "sw/**/*.test.ts", "contract/**/*.test.ts"],
          environment: "happy-dom",
          // One happy-dom window and module cache per worker, not per file: the project took 88 s
          // isolated and 33-41 s shared (2026-11-23). src/test/betweenFiles.ts clears what a file leaves.
          isolate: false,
          setupFiles: ["src/test/betweenFiles.ts"],
          // SWR decides its slow-network intervals when it loads (navigator.connection): run through
          // Vite, not Node, so a test can load it again under a slow connection (vi.resetModules).
          server: { deps: { inline: ["swr"] } },
        },
      },
      {
        test: {
          name: "hub",
          include: ["hub/**/*.test.ts"],
          environment: "node",
          testTimeout: 20000,
        },
      },
    ],
  },
});
