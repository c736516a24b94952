import { atom } from "jotai";
import type { Panel } from "../../../contract/panels";

/** This browser's panel id (identity.ts), set when the panel agent starts; null before. */
export const thisPanelIdAtom = atom<string | null>(null);

/** The household's panels as the hub last answered GET /panels (or a register/patch), null until loaded. */
export const panelsAtom = atom<readonly Panel[] | null>(null);

/** This panel as the hub answered it (register, patch, the list), null until registered. */
export const thisPanelAtom = atom<Panel | null>(null);

/**
 * The hub's clock minus this browser's (ms), estimated at registration from the panel's `lastSeenAt`
 * (the hub's time) against the middle of the request; 0 until then. A command's age is judged by it.
 */
export const hubClockOffsetAtom = atom(0);

/** Puts `panel` into `list` (replacing the one with its id, else appended). */
export function withPanel(list: readonly Panel[] | null, panel: Panel): Panel[] {
  const current = list ?? [];
  return current.some((item) => item.id === panel.id)
    ? current.map((item) => (item.id === panel.id ? panel : item))
    : [...current, panel];
}
