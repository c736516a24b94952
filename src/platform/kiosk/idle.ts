/**
 * Idle detection for safe kiosk updates ("applies it only when idle (no touch for about 2
 * minutes and no dialog open) ... Never mid-interaction").
 */

/** Events that count as the user interacting. */
export const ACTIVITY_EVENTS = ["pointerdown", "pointermove", "keydown", "touchstart", "wheel"] as const;

/** True when a modal dialog is open: `[role=dialog][aria-modal=true]` or a `<dialog open>`. */
export function isDialogOpen(doc: Document = document): boolean {
  return doc.querySelector('[role="dialog"][aria-modal="true"], dialog[open]') !== null;
}

/** Tracks the last interaction. */
export interface IdleTracker {
  /** Epoch ms of the last interaction (start time when none yet). */
  lastActivity(): number;
  /** True when nothing happened for `idleMs` and no dialog is open. */
  isIdle(): boolean;
  /** Calls `callback` once, at the first check (every `checkMs`, default 1000) where {@link isIdle} holds. Returns a cancel function. */
  whenIdle(callback: () => void, checkMs?: number): () => void;
  stop(): void;
}

/** Options of {@link createIdleTracker}. */
export interface IdleOptions {
  /** Idle threshold, ms (or a function read at each check, so a test can change it). */
  idleMs: number | (() => number);
  target?: EventTarget;
  doc?: Document;
  now?: () => number;
}

/** Starts tracking interactions on `target` (default window; capture phase, passive). */
export function createIdleTracker(options: IdleOptions): IdleTracker {
  const now = options.now ?? Date.now;
  const target = options.target ?? window;
  const doc = options.doc ?? document;
  const { idleMs } = options;
  const threshold = typeof idleMs === "function" ? idleMs : () => idleMs;
  let last = now();
  const timers = new Set<ReturnType<typeof setInterval>>();
  const handleActivity = (): void => {
    last = now();
  };
  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, handleActivity, { capture: true, passive: true });

  const isIdle = (): boolean => now() - last >= threshold() && !isDialogOpen(doc);
  return {
    lastActivity: () => last,
    isIdle,
    whenIdle(callback, checkMs = 1000) {
      const timer = setInterval(() => {
        if (!isIdle()) return;
        clearInterval(timer);
        timers.delete(timer);
        callback();
      }, checkMs);
      timers.add(timer);
      return () => {
        clearInterval(timer);
        timers.delete(timer);
      };
    },
    stop() {
      for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, handleActivity, { capture: true });
      for (const timer of timers) clearInterval(timer);
      timers.clear();
    },
  };
}
