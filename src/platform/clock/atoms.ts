import { atom } from "jotai";
import { startTransition } from "react";

/** Clock tick, ms (spec §9 "clock tick 1000 ms"). */
export const CLOCK_TICK_MS = 1000;

const tickAtom = atom(Date.now());
tickAtom.onMount = (set) => {
  set(Date.now());
  // A transition: what a tick changes (clock, "x ago" labels, freshness) re-renders in
  // time slices, never as one long task across every tile.
  const timer = setInterval(() => startTransition(() => set(Date.now())), CLOCK_TICK_MS);
  return () => clearInterval(timer);
};

/**
 * The one app-wide clock (spec §9, DESIGN §3): epoch ms, ticking every 1000 ms while anything reads
 * it. Every "x ago" label and freshness flag derives from it; no component runs its own timer.
 */
export const nowAtom = atom((get) => get(tickAtom));
