import type { AppPart } from "../part";

/**
 * What the platform's kiosk brings to the app (src/platform/part.ts; listed in src/app/features.ts):
 * its texts (the menu's wake lock and screensaver settings, the screensaver, the locked-down gate)
 * show only in the logged-in app, so they load with the router, not in the first screen's chunk.
 */
export const part = {
  name: "kiosk",
} satisfies AppPart;
