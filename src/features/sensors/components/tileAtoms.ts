import { atom, type Atom } from "jotai";
import { formatRelativeTime } from "../../../shared/relativeTime";
import { nowAtom } from "../../clock/atoms";
import { readingAgeOrigin, sensorReadingAtom } from "../atoms";
import type { SensorKind } from "../schemas";

const ageAtoms = new Map<string, Atom<string | null>>();

/**
 * The "x ago" label of a sensor's reading ('teraz', '2 minuty temu', ...) from the one app clock,
 * counted from readingAgeOrigin, like the freshness flag. A
 * string, so a tile re-renders on a tick only when its label really changes. Null without a reading.
 */
export function sensorAgeLabelAtom(kind: SensorKind, place: string, locale: "pl" | "en"): Atom<string | null> {
  const key = `${kind}/${place}/${locale}`;
  let labelAtom = ageAtoms.get(key);
  if (!labelAtom) {
    const readingAtom = sensorReadingAtom(kind, place);
    labelAtom = atom((get) => {
      const reading = get(readingAtom);
      if (reading === null) return null;
      return formatRelativeTime(readingAgeOrigin(reading), get(nowAtom), locale);
    });
    ageAtoms.set(key, labelAtom);
  }
  return labelAtom;
}
