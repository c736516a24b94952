import type { Strings } from "../../../shared/i18n";
import type { pl } from "./pl";

/**
 * English texts of the screen wake lock setting: the same keys as the Polish ones (a missing key fails
 * typecheck). Loaded only with the English locale (a separate chunk, src/app/i18n/index.ts).
 */
export const en: Strings<typeof pl> = {
  menu: {
    wakeLock: "Keep the screen on",
    wakeLockUnsupported: "This browser cannot keep the screen on.",
    wakeLockDescription: "The screen stays on while the dashboard is open, e.g. on a wall tablet.",
    screensaver: "Screensaver",
    screensaverDescription: "After a while without a touch: a clock, then dimmed, then a black screen.",
    screensaverAfter: "Clock after (min)",
    dimAfter: "Dim after (min)",
    blackAfter: "Black screen after (min)",
    stageHint: "0 skips this stage.",
    screensaverSave: "Save screensaver",
    screensaverSaveFailed: "Could not save the screensaver in the hub. Try again.",
    screensaverSaved: "Saved.",
    screensaverInvalid: "Enter minutes from 0 to 1440.",
  },
  screensaver: {
    label: "Screensaver",
    hint: "Touch the screen to wake it.",
    outdoor: "Outside {{value}}",
    nextEvent: "Next: {{summary}}, {{when}}",
  },
  lockedDown: {
    title: "Panel locked",
    message: "This panel's menu and settings need the PIN.",
    unlock: "Unlock with PIN",
  },
};
