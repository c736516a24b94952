/** What {@link motionMs} reads of the page: `window` in the app, a fake in tests. */
export type MotionPage = { matchMedia?: (query: string) => { matches: boolean } };

/** True when the user asks for reduced motion (`prefers-reduced-motion: reduce`). */
export function prefersReducedMotion(page: MotionPage = window): boolean {
  return typeof page.matchMedia === "function" && page.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * How long an animation of `ms` milliseconds really takes here: `ms`, or 0 when the user asks for
 * reduced motion (then there is no animation and nothing waits for one). Read when the animation
 * starts, so a change of the setting counts from the next one.
 */
export function motionMs(ms: number, page: MotionPage = window): number {
  return prefersReducedMotion(page) ? 0 : ms;
}
