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
  },
};
