import type { Page } from "@playwright/test";

/** One 'longtask' performance entry: start and duration in page milliseconds (performance.now()). */
export interface LongTask {
  start: number;
  duration: number;
}

/** What the page-side probes collected so far. */
export interface ProbeReading {
  longTasks: LongTask[];
  /** React commits counted through the DevTools global hook (all roots). */
  commits: number;
  /** performance.now() when read. */
  now: number;
}

declare global {
  interface Window {
    __benchLongTasks?: LongTask[];
    __benchCommits?: number;
  }
}

/**
 * Installs, before any app script runs, a buffered PerformanceObserver for 'longtask' entries and a
 * minimal React DevTools global hook that counts commits (React calls `onCommitFiberRoot` on every
 * commit when such a hook exists, in production builds too). No app code is changed.
 */
export async function installPageProbes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__benchLongTasks = [];
    window.__benchCommits = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__benchLongTasks?.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: "longtask", buffered: true });
    Object.defineProperty(window, "__REACT_DEVTOOLS_GLOBAL_HOOK__", {
      configurable: true,
      value: {
        isDisabled: false,
        supportsFiber: true,
        renderers: new Map(),
        inject: () => 1,
        checkDCE: () => undefined,
        onScheduleFiberRoot: () => undefined,
        onCommitFiberRoot: () => {
          window.__benchCommits = (window.__benchCommits ?? 0) + 1;
        },
        onPostCommitFiberRoot: () => undefined,
        onCommitFiberUnmount: () => undefined,
      },
    });
  });
}

/** Reads the probes' current values from the page. */
export async function readProbes(page: Page): Promise<ProbeReading> {
  return page.evaluate(() => ({
    longTasks: [...(window.__benchLongTasks ?? [])],
    commits: window.__benchCommits ?? 0,
    now: performance.now(),
  }));
}
