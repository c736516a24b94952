import type { Strings } from "../../../shared/i18n";
import type { pl } from "./pl";

/**
 * English texts of the weather screen: the same keys as the Polish ones (a missing key fails
 * typecheck). Loaded only with the English locale (a separate chunk, src/app/i18n/index.ts).
 */
export const en: Strings<typeof pl> = {
  weather: {
    title: "Weather",
    intro: "Readings of the sensors outside: balcony, garden and tunnel.",
    none: "No outdoor sensors. Add a sensor with place balcony, outside or tunnel to the hub's household.json.",
    airQuality: "Air quality",
    sensorsHeading: "Outdoor sensors",
    airQualityOf: "Air quality: {{label}}",
    classes: { tragic: "Tragic", bad: "Bad", mid: "Moderate", clean: "Good", unknown: "Unknown" },
  },
};
