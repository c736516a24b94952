/**
 * The dashboard's UI timings and scales (spec §9 "UI"), in one place. The stylesheet mirrors the
 * durations as custom properties in `styles/tokens.css` (`--modal-animation`, `--drawer-close`,
 * `--spinner-turn`); keep the two equal.
 */

/** A modal dialog opens and closes with an animation this long, ms (spec §9 "modal animation 300 ms"). */
export const MODAL_ANIMATION_MS = 300;

/** The phone's menu drawer slides out (and in) this long, ms (spec §9 "drawer close 500 ms"). */
export const DRAWER_CLOSE_MS = 500;

/** A spinner turns once per this many ms (spec §9 "spinner rotation 400 ms"). */
export const SPINNER_TURN_MS = 400;

/** Charts and layout react this long after the last resize, ms (spec §9 "resize debounce 100 ms"). */
export const RESIZE_DEBOUNCE_MS = 100;

/** A progress bar's scale runs from 0 to this (spec §9 "progress bar scale 0 to 100"). */
export const PROGRESS_MAX = 100;
