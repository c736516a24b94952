import type { ScreenState } from "../../../contract/panels";

/**
 * The part of Fully Kiosk Browser's JavaScript Interface this app uses (`window.fully`, present only
 * inside Fully with "Enable JavaScript Interface" on; documented at https://www.fully-kiosk.com/en/#rest
 * under "JavaScript Interface"): screen on/off, brightness 0..255, and `bind(event, code)`, which runs
 * the JavaScript `code` (a string) when Fully's `event` fires (`onMotion`: its camera motion detection).
 */
export interface FullyApi {
  turnScreenOn(): void;
  /** `keepAlive` true keeps the page running while the screen is off. */
  turnScreenOff(keepAlive?: boolean): void;
  isScreenOn(): boolean;
  /** Brightness 0..255. */
  setScreenBrightness(brightness: number): void;
  getScreenBrightness(): number;
  bind(event: string, javascriptCode: string): void;
}

declare global {
  interface Window {
    /** Fully Kiosk Browser's JavaScript Interface, where the page runs inside it. */
    fully?: FullyApi;
    /** Called by Fully's `onMotion` binding (see {@link bindFullyMotion}). */
    __kioskFullyMotion?: () => void;
  }
}

/** Fully's API where it is present and has the calls this app uses, else null. */
export function fullyApi(win: Window = window): FullyApi | null {
  const fully = win.fully;
  if (typeof fully !== "object" || fully === null) return null;
  const needed = ["turnScreenOn", "turnScreenOff", "setScreenBrightness", "getScreenBrightness", "bind"] as const;
  return needed.every((name) => typeof fully[name] === "function") ? fully : null;
}

/** How the screen is driven by Fully: brightness on wake is restored to what it was before dimming. */
export interface FullyScreen {
  /** Applies a screen state: awake and screensaver at the saved brightness, dim at `dimBrightness` (0.05..1 of full), black turns the screen off (the page keeps running). */
  apply(state: ScreenState, dimBrightness: number): void;
}

/** Drives Fully's screen for {@link ScreenState}s, remembering the household's brightness before dimming. */
export function createFullyScreen(fully: FullyApi): FullyScreen {
  let saved: number | null = null;
  let last: ScreenState = "awake";
  return {
    apply(state, dimBrightness) {
      if (state === last) return;
      const wasDimmed = last === "dim" || last === "black";
      if (last === "black") fully.turnScreenOn();
      if (state === "dim" || state === "black") {
        if (!wasDimmed) saved = fully.getScreenBrightness();
        if (state === "dim") fully.setScreenBrightness(Math.round(Math.max(0.05, Math.min(1, dimBrightness)) * 255));
        else fully.turnScreenOff(true);
      } else if (wasDimmed && saved !== null) {
        fully.setScreenBrightness(saved);
        saved = null;
      }
      last = state;
    },
  };
}

/**
 * Binds Fully's motion detection (`onMotion`) to `onMotion`; returns unbind (Fully has no unbind:
 * the global callback is removed, so the binding does nothing).
 */
export function bindFullyMotion(fully: FullyApi, onMotion: () => void, win: Window = window): () => void {
  win.__kioskFullyMotion = onMotion;
  fully.bind("onMotion", "window.__kioskFullyMotion && window.__kioskFullyMotion();");
  return () => {
    if (win.__kioskFullyMotion === onMotion) win.__kioskFullyMotion = undefined;
  };
}
