import type { OnvifClient, OnvifEvent } from "./client";

/**
 * Timing of the motion event subscriptions: after a failure the hub subscribes again after
 * `retryMinMs`, doubling each failure up to `retryMaxMs`; a working subscription resets it.
 */
export const ONVIF_EVENTS_TIMING = { retryMinMs: 1_000, retryMaxMs: 60_000 } as const;
export type OnvifEventsTiming = { retryMinMs: number; retryMaxMs: number };

/**
 * The ONVIF motion topics the hub reads (topic without namespace prefixes -> the data item that
 * carries the state): `tns1:RuleEngine/CellMotionDetector/Motion` (`IsMotion`) and
 * `tns1:VideoSource/MotionAlarm` (`State`).
 */
export const MOTION_TOPICS: Readonly<Record<string, string>> = {
  "RuleEngine/CellMotionDetector/Motion": "IsMotion",
  "VideoSource/MotionAlarm": "State",
};

/** Whether `event` is a motion event, and then whether motion is on (`true`/`1`). Null for any other event. */
export function motionOf(event: OnvifEvent): boolean | null {
  const item = Object.hasOwn(MOTION_TOPICS, event.topic) ? MOTION_TOPICS[event.topic] : undefined;
  if (!item || !Object.hasOwn(event.data, item)) return null;
  const value = (event.data[item] ?? "").toLowerCase();
  return value === "true" || value === "1";
}

/**
 * One camera's PullPoint subscription loop: CreatePullPointSubscription, then PullMessages again and
 * again, calling `onMotion(active)` for each motion event; on any failure it unsubscribes (best
 * effort) and subscribes again after a back-off ({@link ONVIF_EVENTS_TIMING}), reporting the failure
 * to `onError` once per run of failures. Motion that was on when the subscription failed is ended
 * (`onMotion(false)`): the hub no longer knows it. `stop` ends it.
 */
export class OnvifMotionEvents {
  private stopped = false;
  private active = false;
  private wake: (() => void) | null = null;

  constructor(
    private readonly client: OnvifClient,
    private readonly onMotion: (active: boolean) => void,
    private readonly onError: (error: unknown) => void,
    private readonly timing: OnvifEventsTiming = ONVIF_EVENTS_TIMING,
  ) {}

  /** Starts the loop (in the background); returns this. */
  start(): this {
    void this.run();
    return this;
  }

  /** Ends the loop (a pull in flight ends when the client closes). */
  stop(): void {
    this.stopped = true;
    this.wake?.();
  }

  private async run(): Promise<void> {
    let backoff = this.timing.retryMinMs;
    let reported = false;
    while (!this.stopped) {
      try {
        if (!(await this.client.hasEvents())) return;
        await this.client.subscribe();
        backoff = this.timing.retryMinMs;
        reported = false;
        while (!this.stopped) {
          for (const event of await this.client.pull()) {
            const active = motionOf(event);
            if (active === null || this.stopped) continue;
            this.active = active;
            this.onMotion(active);
          }
        }
      } catch (error) {
        if (this.stopped) return;
        if (this.active) {
          this.active = false;
          this.onMotion(false);
        }
        if (!reported) this.onError(error);
        reported = true;
        await this.client.unsubscribe();
        await this.sleep(backoff);
        backoff = Math.min(backoff * 2, this.timing.retryMaxMs);
      }
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
