import { ONVIF_TIMING } from "./client";
import { ONVIF_EVENTS_TIMING, type OnvifEventsTiming } from "./events";

/**
 * The ONVIF timing of a hub: the defaults ({@link ONVIF_TIMING}, {@link ONVIF_EVENTS_TIMING}), the
 * event subscriptions' first retry shortened by `HUB_ONVIF_RETRY_MS` (100..60000; tests) and a call's
 * answer wait by `HUB_ONVIF_TIMEOUT_MS` (500..60000).
 */
export function onvifTimingOf(env: NodeJS.ProcessEnv = process.env): { timeoutMs: number; events: OnvifEventsTiming } {
  const number = (name: string, min: number, max: number, fallback: number) => {
    const value = Number(env[name] ?? Number.NaN);
    return Number.isInteger(value) && value >= min && value <= max ? value : fallback;
  };
  return {
    timeoutMs: number("HUB_ONVIF_TIMEOUT_MS", 500, 60_000, ONVIF_TIMING.timeoutMs),
    events: {
      retryMinMs: number("HUB_ONVIF_RETRY_MS", 100, 60_000, ONVIF_EVENTS_TIMING.retryMinMs),
      retryMaxMs: ONVIF_EVENTS_TIMING.retryMaxMs,
    },
  };
}
