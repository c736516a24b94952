import type { Strings } from "../../../shared/i18n";
import type { pl } from "./pl";

/**
 * English texts of sensor tiles, rooms, batteries, the outdoor minimum: the same keys as the Polish ones (a missing key fails
 * typecheck). Loaded only with the English locale (a separate chunk, src/app/i18n/index.ts).
 */
export const en: Strings<typeof pl> = {
  sensors: {
    heading: "Sensors",
    outdated: "Outdated",
    stale: "Stale",
    noReading: "—",
    loading: "Loading…",
    otherRoom: "Other",
    batteries: "Sensor batteries",
    batteryOf: "Battery: {{label}}",
    tileName: "{{kind}}: {{label}}",
    doorOpen: "Open",
    doorClosed: "Closed",
    outdoorMin: "Lowest outdoor temperature",
    openHistory: "Chart of the day: {{kind}}: {{label}}",
    none: "No sensors",
    noneHint:
      "Sensors are added in the hub's household configuration (household.json); each sensor added gets its tile here.",
    count_one: "{{count}} sensor",
    count_few: "{{count}} sensors",
    count_many: "{{count}} sensors",
    count_other: "{{count}} sensors",
    binary: {
      occupancyOn: "Motion",
      occupancyOff: "No motion",
      leakOn: "Leak!",
      leakOff: "Dry",
      smokeOn: "Smoke!",
      smokeOff: "No smoke",
    },
    kinds: {
      temp: "Temperature",
      humid: "Humidity",
      light: "Light",
      batt: "Battery",
      door: "Door",
      pressure: "Pressure",
      pm25: "PM2.5",
      pm10: "PM10",
      occupancy: "Motion",
      leak: "Water leak",
      smoke: "Smoke",
      co2: "CO₂",
      voc: "VOC",
      watts: "Power",
      energy: "Energy",
      voltage: "Voltage",
      current: "Current",
    },
  },
};
