import { whenIdle, type IdlePage } from "../../shared/whenIdle";

/** Quiet time after the page's `load` event before start-up extras run, ms. */
export const AFTER_STARTUP_DELAY_MS = 3_000;
/** After that delay, the longest wait for an idle period of the main thread, ms. */
export const AFTER_STARTUP_IDLE_TIMEOUT_MS = 5_000;

/** What {@link afterStartup} reads of the page: `window` in the app, a fake in tests. */
export type StartupPage = IdlePage &
  Pick<Window, "addEventListener" | "removeEventListener"> & { document: Pick<Document, "readyState"> };

/**
 * Runs `run` once the first screen has had the machine to itself: after the page's `load`
 * event, then {@link AFTER_STARTUP_DELAY_MS}, then an idle period ({@link whenIdle}, at the
 * latest {@link AFTER_STARTUP_IDLE_TIMEOUT_MS}; at once where the browser has no idle callbacks, as Safari).
 * For work that is not on the first screen's path but loads other threads and processes: the service
 * worker's registration and precache (its script, ~50 downloads and cache writes), which on a 2-core
 * device would take CPU from the first screen's tasks (docs/performance.md, total blocking time). Returns a cancel function; `run` runs at most once.
 */
export function afterStartup(run: () => void, page: StartupPage = window): () => void {
  let timer: number | undefined;
  let cancelIdle: (() => void) | undefined;
  let cancelled = false;
  const afterLoad = () => {
    if (cancelled) return;
    timer = page.setTimeout(() => {
      timer = undefined;
      if (!cancelled) cancelIdle = whenIdle(run, AFTER_STARTUP_IDLE_TIMEOUT_MS, 0, page);
    }, AFTER_STARTUP_DELAY_MS);
  };
  if (page.document.readyState === "complete") afterLoad();
  else page.addEventListener("load", afterLoad, { once: true });
  return () => {
    cancelled = true;
    page.removeEventListener("load", afterLoad);
    if (timer !== undefined) page.clearTimeout(timer);
    cancelIdle?.();
  };
}
