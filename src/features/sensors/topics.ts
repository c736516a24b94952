import type { SensorKind } from "./schemas";

/** The live topic of a sensor reading (DESIGN §3): `sensor/<kind>/<place>`. */
export function sensorTopic(kind: SensorKind, place: string): string {
  return `sensor/${kind}/${place}`;
}
