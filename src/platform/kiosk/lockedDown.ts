import { atom } from "jotai";
import { lockSessionCommand } from "../auth/commands";
import { panelProfileAtom } from "./profile";

/** The routes a locked-down panel keeps behind the PIN: the menu and the settings screens. */
export const LOCKED_DOWN_PATHS = ["/menu", "/automations", "/devices", "/remotes"] as const;

/** True when `pathname` is one of {@link LOCKED_DOWN_PATHS} or below one. */
export function isLockedDownPath(pathname: string): boolean {
  return LOCKED_DOWN_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/** sessionStorage key marking that the session was locked to let the admin in (survives a wrong PIN's reload). */
export const ADMIN_PENDING_KEY = "kiosk.adminPending";

/** True after the PIN was entered on this panel for this visit (the admin escape hatch); forgotten on reload. */
export const adminVisitAtom = atom(false);

/** True while this panel's menu and settings need the PIN: the profile is locked down and the admin has not unlocked this visit. */
export const lockedDownAtom = atom((get) => get(panelProfileAtom).lockedDown && !get(adminVisitAtom));

function pendingStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === "undefined" ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Asks for the PIN to leave locked-down mode for this visit: locks the session (POST /session/lock,
 * the session lock's PIN keypad follows) and marks it, so that the session unlocked with the PIN
 * lets the admin in ({@link grantAdminVisitAtom}). A failed lock changes nothing.
 */
export const requestAdminUnlockAtom = atom(null, async (_get, set) => {
  const outcome = await set(lockSessionCommand);
  if (outcome.status !== "done") return;
  try {
    pendingStorage()?.setItem(ADMIN_PENDING_KEY, "1");
  } catch {
    // without sessionStorage the unlock only returns to the panel
  }
});

/**
 * Called when the logged-in app shows: when the session was locked for the admin and is now
 * unlocked (the PIN was right), this visit leaves locked-down mode. Returns whether it did.
 */
export const grantAdminVisitAtom = atom(null, (_get, set): boolean => {
  const storage = pendingStorage();
  let pending = false;
  try {
    pending = storage?.getItem(ADMIN_PENDING_KEY) === "1";
    storage?.removeItem(ADMIN_PENDING_KEY);
  } catch {
    return false;
  }
  if (pending) set(adminVisitAtom, true);
  return pending;
});

/** Options of {@link watchCornerTaps}. */
export interface CornerTapsOptions {
  /** Called at the `taps`-th tap within `withinMs` inside the top-left square of `size` px. */
  onGesture: () => void;
  taps?: number;
  withinMs?: number;
  size?: number;
  target?: Window;
  now?: () => number;
}

/**
 * The hidden gesture of a locked-down panel: five taps in the top-left corner (80 px square) within
 * 3 s. Listens passively (the taps still reach what is there). Returns stop.
 */
export function watchCornerTaps(options: CornerTapsOptions): () => void {
  const { taps = 5, withinMs = 3000, size = 80 } = options;
  const target = options.target ?? window;
  const now = options.now ?? Date.now;
  let times: number[] = [];
  const handle = (event: Event): void => {
    const { clientX, clientY } = event as PointerEvent;
    if (clientX > size || clientY > size) {
      times = [];
      return;
    }
    const at = now();
    times = [...times.filter((time) => at - time < withinMs), at];
    if (times.length < taps) return;
    times = [];
    options.onGesture();
  };
  target.addEventListener("pointerdown", handle, { capture: true, passive: true });
  return () => target.removeEventListener("pointerdown", handle, { capture: true });
}
