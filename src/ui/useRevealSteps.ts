import { startTransition, useEffect, useState } from "react";

/**
 * Progressive mounting of a long screen (total blocking time): answers how many of a
 * screen's `total` sections to render now. It starts at `initial` (what the first paint needs) and
 * grows by one per step; each step is a React transition started from a macrotask after the previous
 * commit, so one section is rendered (time-sliced) and committed at a time and the browser can paint
 * and take input in between, instead of one long task that builds every tile of the screen.
 * Sections are appended below those shown, so nothing above them moves (no layout shift).
 * @param total number of sections (≥ 0)
 * @param initial sections shown at once (default 1)
 * @param enabled false holds the count where it is (at `initial`) until it becomes true (default true)
 * @returns the count to render, from min(initial, total) up to total
 */
export function useRevealSteps(total: number, initial = 1, enabled = true): number {
  const [shown, setShown] = useState(() => Math.min(initial, total));
  useEffect(() => {
    if (!enabled || shown >= total) return;
    const handle = setTimeout(() => startTransition(() => setShown((count) => Math.min(count + 1, total))), 0);
    return () => clearTimeout(handle);
  }, [shown, total, enabled]);
  return Math.min(shown, total);
}
