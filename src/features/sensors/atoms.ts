import { atom, type Atom } from "jotai";
import * as v from "valibot";
import { freshnessOf, type Freshness } from "../../shared/freshness";
import { nowAtom } from "../clock/atoms";
import { liveValueAtom } from "../live/atoms";
import { lowestRecentOutdoor, OUTDOOR_PLACES, type OutdoorReading } from "./outdoor";
import { SensorReadingSchema, type SensorKind } from "./schemas";
import { sensorTopic } from "./topics";

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

const readingAtoms = new Map<string, Atom<SensorReading | null>>();
const freshnessAtoms = new Map<string, Atom<Freshness | null>>();

/**
 * The reading of one sensor, from the live leaf `sensor/<kind>/<place>` validated with
 * SensorReadingSchema; null when nothing arrived yet or the payload is malformed. Re-evaluates only
 * when that one leaf changes. The same kind and place always give the same atom.
 */
export function sensorReadingAtom(kind: SensorKind, place: string): Atom<SensorReading | null> {
  const topic = sensorTopic(kind, place);
  let readingAtom = readingAtoms.get(topic);
  if (!readingAtom) {
    readingAtom = atom((get): SensorReading | null => {
      const live = get(liveValueAtom(topic));
      if (live === undefined) return null;
      const parsed = v.safeParse(SensorReadingSchema, live.value);
      if (!parsed.success) return null;
      return { value: parsed.output.value, time: parsed.output.time, receivedAt: live.receivedAt };
    });
    readingAtoms.set(topic, readingAtom);
  }
  return readingAtom;
}

/**
 * How current a sensor's reading is (spec §9, DESIGN §3), from the app clock and
 * {@link readingAgeOrigin}. Null when there is no reading.
 */
export function sensorFreshnessAtom(kind: SensorKind, place: string): Atom<Freshness | null> {
  const topic = sensorTopic(kind, place);
  let freshnessAtom = freshnessAtoms.get(topic);
  if (!freshnessAtom) {
    const readingAtom = sensorReadingAtom(kind, place);
    freshnessAtom = atom((get) => {
      const reading = get(readingAtom);
      if (reading === null) return null;
      return freshnessOf(get(nowAtom) - readingAgeOrigin(reading));
    });
    freshnessAtoms.set(topic, freshnessAtom);
  }
  return freshnessAtom;
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
