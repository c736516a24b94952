import type { IdleStages, ScreenState, Screensaver } from "../../../contract/panels";

/** The time zone of the night schedule (contract ClockTimeSchema: `HH:MM`, Europe/Warsaw). */
export const NIGHT_TIME_ZONE = "Europe/Warsaw";

const warsawClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: NIGHT_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** Minutes since local midnight in Europe/Warsaw at `epochMs` (wall clock, so DST days count right). */
export function warsawMinuteOfDay(epochMs: number): number {
  let hour = 0;
  let minute = 0;
  for (const part of warsawClock.formatToParts(epochMs)) {
    if (part.type === "hour") hour = Number(part.value);
    if (part.type === "minute") minute = Number(part.value);
  }
  return hour * 60 + minute;
}

function minutesOf(clock: string): number {
  const [hours = "0", minutes = "0"] = clock.split(":");
  return Number(hours) * 60 + Number(minutes);
}

/**
 * True when `epochMs` falls in the night `from`..`to` (`HH:MM`, Europe/Warsaw wall clock, `from`
 * included, `to` excluded); a night may cross midnight (22:00..06:00). `from` equal to `to` is no night.
 */
export function isNight(epochMs: number, night: { from: string; to: string }): boolean {
  const now = warsawMinuteOfDay(epochMs);
  const from = minutesOf(night.from);
  const to = minutesOf(night.to);
  if (from === to) return false;
  return from < to ? now >= from && now < to : now >= from || now < to;
}

/** The stages in force at `epochMs`: the night's during the night schedule, else the day's. */
export function stagesAt(screensaver: Screensaver, epochMs: number): IdleStages {
  return screensaver.night && isNight(epochMs, screensaver.night) ? screensaver.night.stages : screensaver.day;
}

/**
 * The screen state after `idleMs` without a touch under `stages`: the deepest stage whose time
 * (seconds; 0 = skipped) has passed (black, then dim, then the screensaver), else `awake`.
 */
export function stageFor(stages: IdleStages, idleMs: number): ScreenState {
  const passed = (seconds: number): boolean => seconds > 0 && idleMs >= seconds * 1000;
  if (passed(stages.blackAfterS)) return "black";
  if (passed(stages.dimAfterS)) return "dim";
  if (passed(stages.screensaverAfterS)) return "screensaver";
  return "awake";
}

const DEPTH: Record<ScreenState, number> = { awake: 0, screensaver: 1, dim: 2, black: 3 };

/** Options of {@link createScreenStages}. */
export interface ScreenStagesOptions {
  /** This panel's screensaver, read at each check (the profile may change). */
  screensaver: () => Screensaver;
  /** Epoch ms of the last touch, pointer or key (the kiosk's idle tracker). */
  lastActivity: () => number;
  /** True while the screen must stay awake: a dialog (the doorbell popup), a camera view. */
  paused: () => boolean;
  /** Called with each new state (never twice the same in a row). */
  onChange: (state: ScreenState) => void;
  now?: () => number;
  /** How often the stages are checked, ms; default 1000. */
  tickMs?: number;
}

/** The running stage machine of {@link createScreenStages}. */
export interface ScreenStages {
  /** The current state. */
  state(): ScreenState;
  /** Wakes the screen now (a touch on the overlay, the doorbell, presence, a `wake` command); the idle time restarts. */
  wake(): void;
  /** Holds the screen `dim` or `black` (a panel command) until the next touch or {@link wake}. */
  force(state: "dim" | "black"): void;
  /** Checks the stages now (also done every `tickMs`). */
  check(): void;
  stop(): void;
}

/**
 * The screensaver's stage machine: after the stages' times without a touch (the day's, or the
 * night schedule's while it is night in Europe/Warsaw) the screen goes to the screensaver, dim, then
 * black; a touch, {@link ScreenStages.wake} or a disabled screensaver makes it `awake`; while
 * `paused` it stays awake and the idle time counts from when the pause ends. A forced state (a
 * command) holds until the next touch or wake.
 */
export function createScreenStages(options: ScreenStagesOptions): ScreenStages {
  const now = options.now ?? Date.now;
  let state: ScreenState = "awake";
  let since = now();
  let forced: { state: "dim" | "black"; at: number } | null = null;
  let asleepAt = since;

  const set = (next: ScreenState): void => {
    if (next === state) return;
    if (state === "awake") asleepAt = now();
    state = next;
    options.onChange(next);
  };
  const check = (): void => {
    const at = now();
    const touched = options.lastActivity();
    if (options.paused()) {
      forced = null;
      since = at;
      return set("awake");
    }
    if (forced !== null) {
      if (touched > forced.at) forced = null;
      else return set(forced.state);
    }
    const screensaver = options.screensaver();
    if (!screensaver.enabled) return set("awake");
    const idleMs = at - Math.max(since, touched);
    const next = stageFor(stagesAt(screensaver, at), idleMs);
    // Asleep, the screen only goes deeper by itself (the night's end must not light it up); a touch wakes it.
    if (state !== "awake" && touched <= asleepAt && DEPTH[next] < DEPTH[state]) return;
    set(next);
  };
  const timer = setInterval(check, options.tickMs ?? 1000);
  return {
    state: () => state,
    wake() {
      forced = null;
      since = now();
      set("awake");
    },
    force(next) {
      forced = { state: next, at: now() };
      set(next);
    },
    check,
    stop: () => clearInterval(timer),
  };
}
