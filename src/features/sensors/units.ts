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
};

/** The unit shown after a reading of `kind` (door readings have none: 1 open, 0 closed). */
export function unitOf(kind: SensorKind): string {
  return UNITS[kind];
}
