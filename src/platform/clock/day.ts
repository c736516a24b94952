import { atom } from "jotai";

/** How often the day is checked, ms (spec §9: "Day-change check every 5000 ms"). */
export const DAY_CHECK_MS = 5000;

/** The local day of `epochMs` as a key (`YYYY-MM-DD`). */
export function dayKey(epochMs: number): string {
  const date = new Date(epochMs);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

/** The new day's key when the local day at `now` differs from `previous`, else null (no change). */
export function dayChange(previous: string, now: number): string | null {
  const next = dayKey(now);
  return next === previous ? null : next;
}

// null until mounted: the day is read when first needed, not when this module loaded (a kiosk
// booted yesterday, or a test's clock, must not see the day of the module's evaluation).
const dayKeyBase = atom<string | null>(null);
dayKeyBase.onMount = (set) => {
  let current = dayKey(Date.now());
  set(current);
  const timer = setInterval(() => {
    const next = dayChange(current, Date.now());
    if (next !== null) {
      current = next;
      set(next);
    }
  }, DAY_CHECK_MS);
  return () => clearInterval(timer);
};

/**
 * The current local day (`YYYY-MM-DD`), checked every {@link DAY_CHECK_MS} (spec §9) while read and
 * written only when it changes, so a date label re-renders once a day, not every tick.
 */
export const currentDayAtom = atom((get) => get(dayKeyBase) ?? dayKey(Date.now()));
