import type { Atom } from "jotai";
import { EnergyReadingSchema, type EnergyReading } from "../../../contract/energy";
import { liveFamily } from "../../platform/live/family";

/** The energy readings of the live channel (`device/<switch>/energy`, contract/energy.ts), one atom per switch. */
const readings = liveFamily({
  pattern: "device/+/energy",
  schema: EnergyReadingSchema,
  map: (payload): EnergyReading => payload,
});

/** Switch `name`'s last energy reading (contract/energy.ts EnergyReading), null until one arrives (a plug without a meter: never). */
export function energyReadingAtom(name: string): Atom<EnergyReading | null> {
  return readings(name);
}
