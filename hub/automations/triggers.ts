import type { AutomationTrigger } from "../../contract/automations";

type Threshold = Extract<AutomationTrigger, { type: "threshold" }>;

/**
 * Did a reading cross the trigger's threshold? The edge only: `above` needs the previous reading at
 * or below `value` and this one above it, `below` the previous at or above and this one below.
 * Without a previous reading (the first after the hub started) nothing has crossed.
 */
export function thresholdCrossed(
  trigger: Pick<Threshold, "direction" | "value">,
  previous: number | undefined,
  value: number,
): boolean {
  if (previous === undefined) return false;
  return trigger.direction === "above"
    ? previous <= trigger.value && value > trigger.value
    : previous >= trigger.value && value < trigger.value;
}

/** Did a state change to `to` (`any`: to anything else)? Not without a previous state, not when unchanged. */
export function changedTo<T extends string>(to: T | "any", previous: T | undefined, value: T): boolean {
  if (previous === undefined || previous === value) return false;
  return to === "any" || to === value;
}

/** Tasmota's relay key with `POWER1` and `POWER` as one (a single-relay device reports either). */
export function relayKey(key: string): string {
  return key === "POWER1" ? "POWER" : key;
}

/** How late a time trigger may still run (the hub was suspended or busy): 5 minutes. Later, it waits for the next occurrence. */
export const LATE_RUN_LIMIT_MS = 5 * 60_000;

/** How many triggered runs one automation may have per minute (a trigger its own actions set off would otherwise loop). */
export const MAX_TRIGGERED_RUNS_PER_MINUTE = 10;

/** How old a `doorbell/ring` may be (its epoch-ms payload against the hub's clock) to count as a ring now. */
export const DOORBELL_FRESH_MS = 60_000;

/** Is `payload` of `doorbell/ring` (epoch ms, DESIGN.md §3) a ring that happened within {@link DOORBELL_FRESH_MS} of `now`? */
export function isFreshRing(payload: string, now: number): boolean {
  const at = Number(payload.trim());
  return Number.isFinite(at) && Math.abs(now - at) <= DOORBELL_FRESH_MS;
}
