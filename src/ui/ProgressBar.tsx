import { PROGRESS_MAX } from "./timings";

/**
 * Percent done, on the progress bars' 0-100 scale (spec §9): `done` of `total` rounded and capped
 * at 100, or null when the total is unknown (0 or less, or not a number), which the bar shows as
 * indeterminate.
 */
export function progressPercent(done: number, total: number): number | null {
  if (!Number.isFinite(total) || total <= 0 || !Number.isFinite(done)) return null;
  return Math.min(PROGRESS_MAX, Math.max(0, Math.round((done / total) * PROGRESS_MAX)));
}

/** Props of {@link ProgressBar}. */
export type ProgressBarProps = {
  /** 0-100, or null while the total is unknown (an indeterminate bar). */
  value: number | null;
  /** The bar's accessible name ('Postęp wysyłania'). */
  label: string;
  className?: string;
};

/**
 * A progress bar on the 0-100 scale of spec §9: a native `<progress max="100">`, exposed as
 * role="progressbar" with aria-valuemin 0, aria-valuemax 100 and aria-valuenow `value`.
 */
export function ProgressBar({ value, label, className }: ProgressBarProps) {
  return <progress className={className} max={PROGRESS_MAX} value={value ?? undefined} aria-label={label} />;
}
