/**
 * The panel's reload policy (DESIGN §5 update rule): a panel that has been
 * without the live channel for {@link RELOAD_POLICY}.liveDownMs, or that wakes from a sleep longer
 * than {@link RELOAD_POLICY}.sleepGapMs (the browser or the device was suspended: a gap in a 1 s timer,
 * or a large clock jump seen at `visibilitychange`), reloads at the next idle moment (no touch for
 * the kiosk's idle time, about 2 minutes, and no dialog open), never mid-interaction.
 */
export const RELOAD_POLICY = {
  /** Without the live channel this long, ms: 5 minutes. */
  liveDownMs: 5 * 60_000,
  /** A timer gap (the page did not run) longer than this counts as waking from sleep, ms: 30 minutes. */
  sleepGapMs: 30 * 60_000,
  /** The timer that notices gaps, ms: 1 s. */
  tickMs: 1000,
} as const;

/** Timings of the policy (tests pass short ones); default {@link RELOAD_POLICY}. */
export type ReloadTimings = { liveDownMs: number; sleepGapMs: number; tickMs: number };

/** Why the panel wants to reload, or null. */
export type ReloadReason = "liveDown" | "slept";

/**
 * The policy's decision at `now` (epoch ms), pure: `slept` when the last tick was more than
 * `sleepGapMs` ago, `liveDown` when the live channel has been down since `liveDownSince` for at least
 * `liveDownMs` (null while connected), else null.
 */
export function reloadReason(
  input: { now: number; lastTick: number; liveDownSince: number | null },
  timings: ReloadTimings = RELOAD_POLICY,
): ReloadReason | null {
  if (input.now - input.lastTick > timings.sleepGapMs) return "slept";
  if (input.liveDownSince !== null && input.now - input.liveDownSince >= timings.liveDownMs) return "liveDown";
  return null;
}

/** Options of {@link startReloadPolicy}. */
export interface ReloadPolicyOptions {
  /** Whether the live channel is connected now. */
  liveConnected: () => boolean;
  /** Calls back once when the panel is idle (the kiosk's update rule, IdleTracker.whenIdle); returns cancel. */
  whenIdle: (callback: () => void) => () => void;
  /** Reloads the page (default `location.reload()`). */
  reload?: () => void;
  /** Told the reason when a reload is decided (before waiting for idle). */
  onDecided?: (reason: ReloadReason) => void;
  timings?: Partial<ReloadTimings>;
  now?: () => number;
  /** Where the reload for a lost live channel is remembered (default sessionStorage), see {@link startReloadPolicy}. */
  storage?: Storage;
}

/** sessionStorage key: this page was reloaded because the live channel was lost, and has not had it since. */
export const LIVE_DOWN_RELOAD_KEY = "kiosk.reloadedForLiveDown";

function sessionStore(): Storage | undefined {
  try {
    return typeof sessionStorage === "undefined" ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Runs the reload policy: checks every `tickMs` (and at `visibilitychange`) whether the panel slept
 * or lost the live channel for too long ({@link reloadReason}); when so, waits for the next idle
 * moment and reloads once. A page reloaded for a lost channel does not reload for it again until it
 * has had the channel (a panel offline for hours, or a phone without network, does not reload every
 * few minutes). Returns stop.
 */
export function startReloadPolicy(options: ReloadPolicyOptions): () => void {
  const timings: ReloadTimings = { ...RELOAD_POLICY, ...options.timings };
  const now = options.now ?? Date.now;
  const reload = options.reload ?? (() => window.location.reload());
  let lastTick = now();
  let liveDownSince: number | null = options.liveConnected() ? null : lastTick;
  let cancelIdle: (() => void) | null = null;
  const storage = options.storage ?? sessionStore();
  const remember = (value: boolean): void => {
    try {
      if (value) storage?.setItem(LIVE_DOWN_RELOAD_KEY, "1");
      else storage?.removeItem(LIVE_DOWN_RELOAD_KEY);
    } catch {
      // without storage a lost channel may reload again after the next 5 minutes
    }
  };
  let reloadedForLiveDown = ((): boolean => {
    try {
      return storage?.getItem(LIVE_DOWN_RELOAD_KEY) === "1";
    } catch {
      return false;
    }
  })();

  const check = (): void => {
    const at = now();
    if (options.liveConnected()) {
      liveDownSince = null;
      if (reloadedForLiveDown) remember((reloadedForLiveDown = false));
    } else liveDownSince ??= at;
    let reason = cancelIdle === null ? reloadReason({ now: at, lastTick, liveDownSince }, timings) : null;
    lastTick = at;
    if (reason === "liveDown" && reloadedForLiveDown) reason = null;
    if (reason === null) return;
    options.onDecided?.(reason);
    cancelIdle = options.whenIdle(() => {
      if (reason === "liveDown") remember(true);
      reload();
    });
  };
  const timer = setInterval(check, timings.tickMs);
  const handleVisibility = (): void => check();
  document.addEventListener("visibilitychange", handleVisibility);
  return () => {
    clearInterval(timer);
    document.removeEventListener("visibilitychange", handleVisibility);
    cancelIdle?.();
  };
}
