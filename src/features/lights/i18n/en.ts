import type { Strings } from "../../../shared/i18n";
import type { pl } from "./pl";

/** English texts of the lights: the same keys as the Polish ones (a missing key fails typecheck). */
export const en: Strings<typeof pl> = {
  lights: {
    heading: "Lights",
    otherRoom: "Other",
    on: "On",
    off: "Off",
    unknown: "No data",
    unavailable: "Unavailable",
    power: "Power",
    brightness: "Brightness",
    color: "Colour",
    colorTemp: "Colour temperature",
    kelvin: "{{value}} K",
    percent: "{{value}} %",
    endpoint: "Circuit {{endpoint}} of {{count}}",
    settings: "Settings: {{label}}",
    close: "Close",
    pending: "Waiting for confirmation…",
    noAnswer: "The device did not answer",
  },
};
