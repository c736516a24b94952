import { defineConfig } from "vitest/config";

/** Unit tests sit beside the code: dashboard code in a DOM-like environment, the hub in Node. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "app",
          include: ["src/**/*.test.{ts,tsx}", "sw/**/*.test.ts"],
          environment: "happy-dom",
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
