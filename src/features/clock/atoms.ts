import { atom } from "jotai";

/** Clock tick, ms (spec §9 "clock tick 1000 ms"). */
export const CLOCK_TICK_MS = 1000;

const tickAtom = atom(Date.now());
tickAtom.onMount = (set) => {
  set(Date.now());
  const timer = setInterval(() => set(Date.now()), CLOCK_TICK_MS);
  return () => clearInterval(timer);
};

/**
 * The one app-wide clock (spec §9, DESIGN §3): epoch ms, ticking every 1000 ms while anything reads
 * it. Every "x ago" label and freshness flag derives from it; no component runs its own timer.
 */
export const nowAtom = atom((get) => get(tickAtom));
