/** Places whose temperature counts as outdoor (spec §9). */
export const OUTDOOR_PLACES = ["balcony", "outside", "tunnel"] as const;
/** How long an outdoor reading counts as recent, ms (spec §9: 30 minutes). */
export const RECENT_MS = 30 * 60_000;

/** One temperature reading: place, °C, and the reading's time in epoch ms. */
export type OutdoorReading = { place: string; value: number; time: number };

/**
 * The lowest recent outdoor temperature (spec §9): among readings from balcony, outside and tunnel
 * whose time is within the last 30 minutes (a time slightly in the future counts as recent), the
 * lowest value; null when there is none. Other places and non-finite values are ignored.
 */
export function lowestRecentOutdoor(readings: readonly OutdoorReading[], nowMs: number): number | null {
  let lowest: number | null = null;
  for (const { place, value, time } of readings) {
    if (!(OUTDOOR_PLACES as readonly string[]).includes(place)) continue;
    if (!Number.isFinite(value) || !Number.isFinite(time) || nowMs - time > RECENT_MS) continue;
    if (lowest === null || value < lowest) lowest = value;
  }
  return lowest;
}
