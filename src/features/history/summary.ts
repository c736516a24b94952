import type { HistoryItem } from "../../../contract/history";

/** The lowest and highest value of a day's buckets (each bucket's own min and max), null when empty. */
export type HistorySummary = { min: number | null; max: number | null; last: number | null };

/** Lowest of the buckets' minima, highest of their maxima, and the newest bucket's average. */
export function summarize(items: readonly HistoryItem[]): HistorySummary {
  let min: number | null = null;
  let max: number | null = null;
  for (const item of items) {
    if (min === null || item.min < min) min = item.min;
    if (max === null || item.max > max) max = item.max;
  }
  return { min, max, last: items.at(-1)?.value ?? null };
}
