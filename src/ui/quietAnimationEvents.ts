/** The app's decorative, endlessly repeating animations (styles/components.css): loading skeletons and spinners. */
export const DECORATIVE_ANIMATION_SELECTOR = ".skeleton, .spinner__ring";

const ANIMATION_EVENTS = ["animationstart", "animationiteration", "animationend", "animationcancel"] as const;

/**
 * Stops the animation events of decorative animations ({@link DECORATIVE_ANIMATION_SELECTOR}) at
 * `target` (the window), in the capture phase, before they reach React's root listener. An infinite
 * CSS animation fires `animationiteration` at every cycle: a dashboard of tiles still loading sent
 * dozens a second through React's event system, each one up to 20 ms at 4x CPU (long tasks
 * in the dashboard's load and under live traffic). No component listens to them (no onAnimation*
 * handler in src/). Other elements' animation events pass untouched. Returns the uninstaller.
 */
export function quietDecorativeAnimationEvents(
  target: Pick<Window, "addEventListener" | "removeEventListener"> = window,
): () => void {
  const stop = (event: Event) => {
    if (event.target instanceof Element && event.target.matches(DECORATIVE_ANIMATION_SELECTOR))
      event.stopImmediatePropagation();
  };
  for (const type of ANIMATION_EVENTS) target.addEventListener(type, stop, { capture: true });
  return () => {
    for (const type of ANIMATION_EVENTS) target.removeEventListener(type, stop, { capture: true });
  };
}
