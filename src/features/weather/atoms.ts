import { atom, type Atom } from "jotai";
import { createFamily } from "../../lib/state/family";
import type { Freshness } from "../../shared/freshness";
import { sensorFreshnessAtom, sensorReadingAtom } from "../sensors";
import { airQualityClass, type AirQualityClass } from "./airQuality";

/** The air quality at one place: its class (spec §9), both readings (µg/m³, null when absent) and the worse freshness. */
export type AirQuality = {
  cls: AirQualityClass;
  pm25: number | null;
  pm10: number | null;
  freshness: Freshness | null;
};

const RANK: Readonly<Record<Freshness, number>> = { fresh: 0, outdated: 1, stale: 2 };

/** The worse of two freshness flags; null only when both are null. */
export function worseFreshness(a: Freshness | null, b: Freshness | null): Freshness | null {
  if (a === null) return b;
  if (b === null) return a;
  return RANK[a] >= RANK[b] ? a : b;
}

const airQualityFamily = createFamily(
  (place: string) =>
    atom((get): AirQuality => {
      const pm25 = get(sensorReadingAtom("pm25", place))?.value ?? null;
      const pm10 = get(sensorReadingAtom("pm10", place))?.value ?? null;
      const freshness = worseFreshness(
        get(sensorFreshnessAtom("pm25", place)),
        get(sensorFreshnessAtom("pm10", place)),
      );
      return { cls: airQualityClass(pm25, pm10), pm25, pm10, freshness };
    }),
  { releaseWhenUnused: true },
);

/**
 * The air quality at `place` from its live `sensor/pm25/<place>` and `sensor/pm10/<place>` readings
 * (a derived atom, DESIGN §4): class `unknown` while either is missing.
 */
export function airQualityAtom(place: string): Atom<AirQuality> {
  return airQualityFamily(place);
}
