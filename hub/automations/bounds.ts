import type { HubLogger } from "../broker/link";

/**
 * How many automations one trigger occurrence (a ring, a sensor's edge, a switch's change, one tick
 * of the time schedule) may run; the rest are not run, counted and logged (docs/contract.md
 * "Automations").
 */
export const MAX_RUNS_PER_TRIGGER = 20;

/** How many notify actions the hub publishes on `automation/notify` per {@link NOTIFICATION_WINDOW_MS}, from all automations together. */
export const MAX_NOTIFICATIONS_PER_WINDOW = 10;
/** The window of {@link MAX_NOTIFICATIONS_PER_WINDOW}: 10 s (a toast stays 5 s, spec §9). */
export const NOTIFICATION_WINDOW_MS = 10_000;

/** How often a {@link DropLog} writes a line at most: once a minute. */
export const DROP_LOG_INTERVAL_MS = 60_000;

/**
 * A fixed-window rate bound: at most `limit` takes per `windowMs` (ms), the window starting at the
 * first take after the previous one ended. `now` is replaceable for tests (epoch ms).
 */
export class RateWindow {
  private windowStart = Number.NEGATIVE_INFINITY;
  private taken = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True (and counted) when one more fits in the current window; false when the window is full. */
  take(): boolean {
    const now = this.now();
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now;
      this.taken = 0;
    }
    if (this.taken >= this.limit) return false;
    this.taken += 1;
    return true;
  }
}

/**
 * Counts what a bound dropped and logs it once: a warning at the first drop, then at most one line
 * per {@link DROP_LOG_INTERVAL_MS} however many more are dropped, each with the count since the last
 * line (`dropped`) and in all (`droppedTotal`). `now` is replaceable for tests (epoch ms).
 */
export class DropLog {
  private total = 0;
  private sinceLogged = 0;
  private loggedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly log: HubLogger,
    private readonly message: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** How many were dropped since this hub started. */
  get dropped(): number {
    return this.total;
  }

  /** Records `count` dropped (with `context` for the log line, e.g. the trigger and the limit). */
  drop(count: number, context: Record<string, unknown> = {}): void {
    if (count <= 0) return;
    this.total += count;
    this.sinceLogged += count;
    const now = this.now();
    if (now - this.loggedAt < DROP_LOG_INTERVAL_MS) return;
    this.log.warn({ ...context, dropped: this.sinceLogged, droppedTotal: this.total }, this.message);
    this.loggedAt = now;
    this.sinceLogged = 0;
  }
}
