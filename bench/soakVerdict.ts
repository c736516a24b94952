// Arithmetic of the long-run benchmarks (bench/camera-longrun.ts): growth of a series of samples
// and its verdict against DESIGN.md §6's soak budget.

/** One sampled value at `minute` (minutes since the run began). */
export type Point = { minute: number; value: number };

/**
 * Growth of `points` over their own span by a least-squares line (slope × (last minute − first
 * minute)): less noisy than last − first when single samples jitter (a GC that came late). 0 for
 * fewer than two points.
 */
export function fittedGrowth(points: readonly Point[]): number {
  if (points.length < 2) return 0;
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.minute, 0) / n;
  const my = points.reduce((s, p) => s + p.value, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.minute - mx) * (p.value - my);
    sxx += (p.minute - mx) ** 2;
  }
  if (sxx === 0) return 0;
  const first = points[0]?.minute ?? 0;
  const last = points[n - 1]?.minute ?? 0;
  return (sxy / sxx) * (last - first);
}

/** The points from the middle of the run on (minute ≥ half of the last sample's minute). */
export function secondHalf(points: readonly Point[]): Point[] {
  const end = points.at(-1)?.minute ?? 0;
  return points.filter((p) => p.minute >= end / 2);
}

/** A series' figures: first (baseline), last, max, growth last − first, fitted growth over the second half. */
export type SeriesSummary = { first: number; last: number; max: number; growth: number; secondHalfGrowth: number };

/** Summarises `points` (see {@link SeriesSummary}); NaN everywhere for an empty series. */
export function summariseSeries(points: readonly Point[]): SeriesSummary {
  if (points.length === 0) return { first: NaN, last: NaN, max: NaN, growth: NaN, secondHalfGrowth: NaN };
  const first = points[0]?.value ?? NaN;
  const last = points.at(-1)?.value ?? NaN;
  return {
    first,
    last,
    max: Math.max(...points.map((p) => p.value)),
    growth: last - first,
    secondHalfGrowth: fittedGrowth(secondHalf(points)),
  };
}

/** Median of `values` (NaN when empty). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
}
