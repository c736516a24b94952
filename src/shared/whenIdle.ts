/** What {@link whenIdle} reads of the page: `window` in the app, a fake in tests. */
export type IdlePage = Pick<Window, "setTimeout" | "clearTimeout"> & {
  requestIdleCallback?: Window["requestIdleCallback"];
  cancelIdleCallback?: Window["cancelIdleCallback"];
};

/**
 * Runs `run` once, in the main thread's next idle period (`requestIdleCallback`, at the latest after
 * `timeoutMs`), or after `fallbackMs` on a plain timer where the browser has no idle callbacks
 * (Safari; at once when `fallbackMs` ≤ 0). For work that may wait for the page to be quiet (link prefetch, the service
 * worker's registration). Times in ms. Returns a cancel function; after it, `run` never runs.
 */
export function whenIdle(run: () => void, timeoutMs: number, fallbackMs: number, page: IdlePage = window): () => void {
  if (typeof page.requestIdleCallback === "function") {
    const handle = page.requestIdleCallback(() => run(), { timeout: timeoutMs });
    return () => page.cancelIdleCallback?.(handle);
  }
  if (fallbackMs <= 0) {
    run();
    return () => undefined;
  }
  const handle = page.setTimeout(run, fallbackMs);
  return () => page.clearTimeout(handle);
}
