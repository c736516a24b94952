/** Props of {@link Spinner}. */
export type SpinnerProps = {
  /** Accessible name announced by screen readers (role="status"). */
  label: string;
  /** Visual tone: "alert" is the red live-connection spinner of spec §2. */
  tone?: "alert" | "neutral";
  testId?: string;
};

/**
 * A rotating ring with role="status" and an accessible name: one turn per 400 ms (spec §9
 * "spinner rotation 400 ms"; the stylesheet's `--spinner-turn`, {@link import("./timings").SPINNER_TURN_MS}). With
 * reduced motion it stands still but stays shown.
 */
export function Spinner({ label, tone = "neutral", testId }: SpinnerProps) {
  return (
    <span role="status" aria-label={label} className={`spinner spinner--${tone}`} data-testid={testId}>
      <span className="spinner__ring" aria-hidden="true" />
    </span>
  );
}
