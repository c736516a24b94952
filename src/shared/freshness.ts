/** Age (ms) from which a reading counts as outdated (spec §9: "Outdated after 1 minute"). */
export const OUTDATED_AFTER_MS = 60_000;
/** Age (ms) from which a reading counts as stale (spec §9: "stale after 5 minutes"). */
export const STALE_AFTER_MS = 300_000;

/** How current a live reading is: fresh (< 1 min), outdated (1-5 min), stale (>= 5 min). */
export type Freshness = "fresh" | "outdated" | "stale";

/**
 * Classifies the age of a reading (spec §9, DESIGN §3 "Freshness").
 * @param ageMs milliseconds since the reading arrived; a negative age (clock skew) counts as fresh,
 *   and a non-finite age (NaN, Infinity: unknown time) as stale.
 */
export function freshnessOf(ageMs: number): Freshness {
  if (Number.isNaN(ageMs) || ageMs >= STALE_AFTER_MS) return "stale";
  if (ageMs >= OUTDATED_AFTER_MS) return "outdated";
  return "fresh";
}
