import { atom } from "jotai";
import type { ScreenState } from "../../../contract/panels";

/** What this panel's screen is doing (the screensaver sets it; the panel's report sends it): `awake` until then. */
export const screenStateAtom = atom<ScreenState>("awake");

/**
 * The last screen command the house sent this panel (`screen` dim / off / wake, contract/panels.ts),
 * with when it arrived (epoch ms); the screensaver carries it out. Null until one arrives.
 */
export const screenCommandAtom = atom<{ mode: "dim" | "off" | "wake"; at: number } | null>(null);
