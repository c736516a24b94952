import { cleanup } from "@testing-library/react";
import { afterAll, vi } from "vitest";

/**
 * Setup of the app's unit tests (vitest.config.ts). They share one happy-dom window and module cache
 * per worker (`isolate: false`, for speed: docs/testing.md), so
 * what a test file leaves behind is cleared when it ends: rendered React roots, the DOM it wrote,
 * storage, fake timers, stubbed globals and environment variables. A file that runs in Node has no DOM.
 */
afterAll(() => {
  vi.useRealTimers();
  if (typeof document !== "undefined") {
    // Not in a file that runs in Node (`// @vitest-environment node`).
    cleanup();
    document.body.innerHTML = "";
    for (const node of document.head.querySelectorAll('link[rel="modulepreload"], script[type="application/json"]'))
      node.remove();
    localStorage.clear();
    sessionStorage.clear();
  }
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
