import { atom, type Atom } from "jotai";
import { freshnessOf, type Freshness } from "../../shared/freshness";
import { nowAtom } from "../../platform/clock/atoms";
import { createFamily } from "../../lib/state/family";
import { liveFamily } from "../../platform/live/family";
import { lowestRecentOutdoor, OUTDOOR_PLACES, type OutdoorReading } from "./outdoor";
import { SensorReadingSchema, type SensorKind } from "./schemas";

/** A validated sensor reading: value, the reading's own time and when it arrived (epoch ms). */
export type SensorReading = { value: number; time: number; receivedAt: number };

/**
 * When a reading's age starts counting, epoch ms: the older of its own time and its arrival, so a
 * retained reading from an hour ago is an hour old even though it just arrived (spec §9, DESIGN §3).
 * Both the freshness flag and the "x ago" label count from here.
 */
export function readingAgeOrigin(reading: SensorReading): number {
  return Math.min(reading.time, reading.receivedAt);
}

/**
 * Sensor readings from the live channel (DESIGN §3 `sensor/<kind>/<place>`), validated with
 * SensorReadingSchema: one atom per sensor, released when no tile shows it.
 */
const sensorReadings = liveFamily({
  pattern: "sensor/+/+",
  schema: SensorReadingSchema,
  map: (payload, receivedAt): SensorReading => ({ value: payload.value, time: payload.time, receivedAt }),
});

/**
 * The reading of one sensor, from the live leaf `sensor/<kind>/<place>` validated with
 * SensorReadingSchema; null when nothing arrived yet or the payload is malformed. Re-evaluates only
 * when that one leaf changes. The same kind and place give the same atom while it is read.
 */
export function sensorReadingAtom(kind: SensorKind, place: string): Atom<SensorReading | null> {
  return sensorReadings(kind, place);
}

const freshnessFamily = createFamily(
  (key: string) => {
    const [kind, place] = JSON.parse(key) as [SensorKind, string];
    const readingAtom = sensorReadings(kind, place);
    return atom((get): Freshness | null => {
      const reading = get(readingAtom);
      if (reading === null) return null;
      return freshnessOf(get(nowAtom) - readingAgeOrigin(reading));
    });
  },
  { releaseWhenUnused: true },
);

/**
 * How current a sensor's reading is (spec §9, DESIGN §3: outdated after 60 s, stale after 300 s),
 * from the app clock and {@link readingAgeOrigin}. Null when there is no reading.
 */
export function sensorFreshnessAtom(kind: SensorKind, place: string): Atom<Freshness | null> {
  return freshnessFamily(JSON.stringify([kind, place]));
}

/**
 * The lowest recent outdoor temperature in °C (spec §9): temp readings of balcony, outside and
 * tunnel whose time is within 30 minutes of the app clock; null when none.
 */
export const lowestOutdoorAtom = atom((get): number | null => {
  const readings: OutdoorReading[] = [];
  for (const place of OUTDOOR_PLACES) {
    const reading = get(sensorReadingAtom("temp", place));
    if (reading !== null) readings.push({ place, value: reading.value, time: reading.time });
  }
  return lowestRecentOutdoor(readings, get(nowAtom));
});
