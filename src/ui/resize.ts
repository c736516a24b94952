import { debounce, type Debounced } from "../shared/debounce";
import { RESIZE_DEBOUNCE_MS } from "./timings";

/**
 * `react` debounced for resizing (spec §9 "resize debounce 100 ms"): it runs once, 100 ms after the
 * last call. The one helper behind every reaction to a size change: the window's breakpoint
 * ({@link onWindowResize}) and the charts following their container (a ResizeObserver's callback).
 */
export function debounceResize<A extends unknown[]>(react: (...args: A) => void): Debounced<A> {
  return debounce(react, RESIZE_DEBOUNCE_MS);
}

/** What {@link onWindowResize} listens to: `window` in the app, a fake in tests. */
export type ResizePage = Pick<Window, "addEventListener" | "removeEventListener">;

/**
 * Calls `react` 100 ms after the last `resize` (and `orientationchange`) of the window (spec §9).
 * Returns the unsubscriber, which also drops a call still waiting.
 */
export function onWindowResize(react: () => void, page: ResizePage = window): () => void {
  const debounced = debounceResize(react);
  page.addEventListener("resize", debounced);
  page.addEventListener("orientationchange", debounced);
  return () => {
    page.removeEventListener("resize", debounced);
    page.removeEventListener("orientationchange", debounced);
    debounced.cancel();
  };
}
