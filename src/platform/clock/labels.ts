import { atom, type Atom } from "jotai";
import { nowAtom } from "./atoms";
import { formatClockDate, formatClockTime, type ClockLocale } from "./format";

const timeAtoms = new Map<ClockLocale, Atom<string>>();
const dateAtoms = new Map<ClockLocale, Atom<string>>();

/**
 * The time of day shown on the home screen ('14:05'), derived from the one app clock
 * ({@link nowAtom}, spec §9: ticks every 1000 ms). A string, so its reader re-renders once a minute,
 * not on every tick. One atom per locale.
 */
export function clockTimeAtom(locale: ClockLocale): Atom<string> {
  let labelAtom = timeAtoms.get(locale);
  if (!labelAtom) {
    labelAtom = atom((get) => formatClockTime(get(nowAtom), locale));
    timeAtoms.set(locale, labelAtom);
  }
  return labelAtom;
}

/**
 * The date shown on the home screen ('niedziela, 22 listopada'), derived from the one app clock
 * ({@link nowAtom}); changes at midnight. One atom per locale.
 */
export function clockDateAtom(locale: ClockLocale): Atom<string> {
  let labelAtom = dateAtoms.get(locale);
  if (!labelAtom) {
    labelAtom = atom((get) => formatClockDate(get(nowAtom), locale));
    dateAtoms.set(locale, labelAtom);
  }
  return labelAtom;
}
