/** The events of one gesture after its pointerdown (a tap's touch and mouse compatibility events, its click). */
const GESTURE_EVENTS = [
  "pointerdown",
  "pointerup",
  "pointercancel",
  "mousedown",
  "mouseup",
  "touchstart",
  "touchend",
  "click",
  "dblclick",
  "contextmenu",
  "keyup",
] as const;

/** How long after the gesture ends (pointerup) its late events are still swallowed, ms. */
const AFTER_END_MS = 500;
/** The longest gesture swallowed (a long press), ms. */
const LONGEST_MS = 3000;

/**
 * Swallows the rest of the gesture that woke the screen: its pointerup, touch and mouse events and
 * its click (prevented and stopped in the capture phase on `win`, before any element sees them), so
 * the first touch on the screensaver never presses what is under the finger. Ends at the click, at
 * the next gesture's pointerdown (not swallowed), {@link AFTER_END_MS} after the pointer went up, or
 * after {@link LONGEST_MS}.
 */
export function swallowGesture(win: Window): void {
  let timer = setTimeout(done, LONGEST_MS);
  let ended = false;
  function swallow(event: Event): void {
    // A new touch after this one ended is the next gesture: it is the household's.
    if (event.type === "pointerdown" && ended) return done();
    if (event.type === "pointerdown") return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (event.type === "click") return done();
    if (event.type === "pointerup" || event.type === "pointercancel" || event.type === "touchend") {
      ended = true;
      clearTimeout(timer);
      timer = setTimeout(done, AFTER_END_MS);
    }
  }
  function done(): void {
    clearTimeout(timer);
    for (const type of GESTURE_EVENTS) win.removeEventListener(type, swallow, { capture: true });
  }
  for (const type of GESTURE_EVENTS) win.addEventListener(type, swallow, { capture: true, passive: false });
}
