import { atom } from "jotai";

/**
 * Names of the session resources still loading after the loading-slow time (spec §9 data fetching:
 * 3000 ms, 5000 ms on a slow network), in the order they became slow; empty when none is. Written
 * by the session's loader (loader.ts) only.
 */
export const slowResourcesAtom = atom<readonly string[]>([]);

/** Whether any session resource is loading slowly: the hint 'Wczytywanie trwa dłużej niż zwykle' shows. */
export const loadingSlowAtom = atom((get) => get(slowResourcesAtom).length > 0);

/**
 * Names of the session resources the hub itself has answered for in this session, or whose fetch
 * failed (so what the store holds is all there will be for now): a screen that must not act on a
 * cached value (the car-only route deciding on the account's layout) waits for its resource here.
 * Written by the session's loader (loader.ts) only; emptied of its names when the session stops.
 */
export const settledResourcesAtom = atom<readonly string[]>([]);
