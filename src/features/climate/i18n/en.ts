import type { Strings } from "../../../shared/i18n";
import type { pl } from "./pl";

/** English texts of the heater and the air conditioning (loaded lazily with the English locale). */
export const en: Strings<typeof pl> = {
  climate: {
    heading: "Heating and air conditioning",
    unknown: "No data",
    unavailable: "Unavailable",
    pending: "Waiting for confirmation…",
    noAnswer: "The device did not respond",
    settings: "Settings: {{label}}",
    close: "Close",
    mode: "Mode",
    target: "Target temperature",
    targetShort: "Target {{value}}",
    lower: "Lower the target temperature",
    raise: "Raise the target temperature",
    heater: {
      sensor: "Controlling sensor",
      ownSensor: "The valve's own sensor",
      now: "Now ({{sensor}})",
      relayOn: "Heating",
      relayOff: "Not heating",
      modes: { off: "Off", on: "On", auto: "Automatic" },
    },
    ac: {
      modes: { Off: "Off", Auto: "Auto", Cool: "Cooling", Heat: "Heating", Dry: "Drying", Fan: "Fan" },
    },
  },
};
