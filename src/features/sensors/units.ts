import type { SensorKind } from "./schemas";

const UNITS: Readonly<Record<SensorKind, string>> = {
  temp: "°C",
  humid: "%",
  light: "lx",
  batt: "%",
  door: "",
  pressure: "hPa",
  pm25: "µg/m³",
  pm10: "µg/m³",
  occupancy: "",
  leak: "",
  smoke: "",
  co2: "ppm",
  voc: "ppb",
  watts: "W",
  energy: "kWh",
  voltage: "V",
  current: "A",
};

/**
 * The unit shown after a reading of `kind` (contract/sensors.ts SENSOR_KINDS). Binary kinds (door,
 * occupancy, leak, smoke: 1 or 0, shown as words) have none.
 */
export function unitOf(kind: SensorKind): string {
  return UNITS[kind];
}
