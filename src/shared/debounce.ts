/** A debounced function (see {@link debounce}). */
export type Debounced<A extends unknown[]> = {
  /** Schedules `run` with these arguments `waitMs` from now, replacing a call still waiting. */
  (...args: A): void;
  /** Drops a call still waiting (its owner goes away). */
  cancel(): void;
};

/**
 * Trailing-edge debounce: `run` is called once, `waitMs` ms after the last call, with that call's
 * arguments. Used for reactions to resizing (spec §9 "resize debounce 100 ms"): a drag of a window's
 * edge or a phone's rotation fires dozens of events and the chart or layout follows once at the end.
 */
export function debounce<A extends unknown[]>(run: (...args: A) => void, waitMs: number): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const debounced = (...args: A) => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      run(...args);
    }, waitMs);
  };
  debounced.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return debounced;
}
