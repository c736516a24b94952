import { atom } from "jotai";
import { DEFAULT_PREFERENCES, type Preferences } from "./schemas";

/** The user's preferences (spec §3), defaults until GET /preferences answers. */
export const preferencesAtom = atom<Preferences>(DEFAULT_PREFERENCES);

/** Layout: "standard" (bar at the bottom) or "car" (vertical bar on the right). */
export const appUiAtom = atom((get) => get(preferencesAtom).appUi);

/** Interface and date locale ("pl" default). */
export const localeAtom = atom((get) => get(preferencesAtom).locale);

/** Zoom lock state driving the viewport meta. */
export const zoomStateAtom = atom((get) => get(preferencesAtom).zoomState);
