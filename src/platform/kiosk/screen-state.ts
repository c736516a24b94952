import { atom } from "jotai";
import type { ScreenState } from "../../../contract/panels";

/**
 * What this panel's screen is doing now (contract/panels.ts ScreenState): `awake`, the `screensaver`
 * clock, `dim` or `black`. Written by the screensaver (src/platform/kiosk/screensaver.ts) only; the
 * panel's report reads it.
 */
export const screenStateAtom = atom<ScreenState>("awake");

/**
 * The last screen command the house sent this panel (a panel command `screen` dim/off/wake, contract
 * PanelCommandBodySchema) with when it arrived (`at`, epoch ms; a new object per command, so the same
 * mode twice is obeyed twice). Written by the panel's command handler; the screensaver obeys it:
 * `dim` and `off` (black) hold until a touch or a wake, `wake` shows the app at once.
 */
export const screenCommandAtom = atom<{ mode: "dim" | "off" | "wake"; at: number } | null>(null);
