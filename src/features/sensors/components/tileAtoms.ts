import { atom, type Atom } from "jotai";
import { createFamily } from "../../../lib/state/family";
import { formatRelativeTime } from "../../../shared/relativeTime";
import { nowAtom } from "../../../platform/clock/atoms";
import { readingAgeOrigin, sensorReadingAtom } from "../atoms";
import type { SensorKind } from "../schemas";
import type { Locale } from "../../../../contract/preferences";

const ageLabels = createFamily(
  (key: string) => {
    const [kind, place, locale] = JSON.parse(key) as [SensorKind, string, Locale];
    const readingAtom = sensorReadingAtom(kind, place);
    return atom((get) => {
      const reading = get(readingAtom);
      if (reading === null) return null;
      return formatRelativeTime(readingAgeOrigin(reading), get(nowAtom), locale);
    });
  },
  { releaseWhenUnused: true },
);

/**
 * The "x ago" label of a sensor's reading ('teraz', '2 minuty temu', ...) from the one app clock,
 * counted from readingAgeOrigin, like the freshness flag. A
 * string, so a tile re-renders on a tick only when its label really changes. Null without a reading.
 */
export function sensorAgeLabelAtom(kind: SensorKind, place: string, locale: Locale): Atom<string | null> {
  return ageLabels(JSON.stringify([kind, place, locale]));
}
