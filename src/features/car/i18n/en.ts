import type { Strings } from "../../../shared/i18n";
import type { pl } from "./pl";

/**
 * English texts of the car dashboard: the same keys as the Polish ones (a missing key fails
 * typecheck). Loaded only with the English locale (a separate chunk, src/app/i18n/index.ts).
 */
export const en: Strings<typeof pl> = {
  car: {
    title: "Car dashboard",
    live: "Live connection",
    connected: "connected",
    disconnected: "disconnected",
    speed: "Speed",
    outdoor: "Outside",
    time: "Time",
    noFix: "No GPS fix",
    noGeolocation: "Location unavailable: allow it in the browser",
    nightTheme: "Night theme",
  },
};
