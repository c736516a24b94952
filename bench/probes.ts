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
  /** Animation frames the page rendered (a requestAnimationFrame loop). */
  frames: number;
  /** performance.now() when read. */
  now: number;
}

declare global {
  interface Window {
    __benchLongTasks?: LongTask[];
    __benchCommits?: number;
    __benchFrames?: number;
  }
}

/**
 * Page-side source text of a minimal React DevTools global hook whose `onCommitFiberRoot` runs
 * `onCommit` (a statement) at every React commit; React calls it on every commit when such a hook
 * exists, production builds included. Installed only when no hook is there yet.
 */
export function reactCommitHook(onCommit: string): string {
  return `if (!window.__REACT_DEVTOOLS_GLOBAL_HOOK__) {
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    isDisabled: false,
    supportsFiber: true,
    renderers: new Map(),
    inject: function () { return 1; },
    checkDCE: function () {},
    onScheduleFiberRoot: function () {},
    onCommitFiberRoot: function () { ${onCommit} },
    onPostCommitFiberRoot: function () {},
    onCommitFiberUnmount: function () {},
  };
}`;
}

/**
 * Page-side probes, installed before any app script runs: a buffered PerformanceObserver for
 * 'longtask' entries and a minimal React DevTools global hook that counts commits (React calls
 * `onCommitFiberRoot` on every commit when such a hook exists, production builds included). Plain
 * source text, not a serialised function: tsx wraps functions in helpers the page does not have.
 */
const PROBE_SCRIPT = `
window.__benchLongTasks = [];
window.__benchCommits = 0;
window.__benchFrames = 0;
(function countFrames() { window.__benchFrames += 1; requestAnimationFrame(countFrames); })();
new PerformanceObserver(function (list) {
  for (const entry of list.getEntries()) window.__benchLongTasks.push({ start: entry.startTime, duration: entry.duration });
}).observe({ type: "longtask", buffered: true });
${reactCommitHook("window.__benchCommits += 1;")}
`;

/** Installs the probes in every document the page loads from now on. No app code is changed. */
export async function installPageProbes(page: Page): Promise<void> {
  await page.addInitScript({ content: PROBE_SCRIPT });
}

/** Reads the probes' current values from the page. */
export async function readProbes(page: Page): Promise<ProbeReading> {
  return page.evaluate(() => ({
    longTasks: [...(window.__benchLongTasks ?? [])],
    commits: window.__benchCommits ?? 0,
    frames: window.__benchFrames ?? 0,
    now: performance.now(),
  }));
}
