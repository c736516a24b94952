import { atom } from "jotai";
import { nowAtom } from "../../platform/clock/atoms";

/** The app clock (nowAtom) rounded down to the minute, epoch ms: 'x ago' labels re-render once a minute, not every second. */
export const minuteAtom = atom((get) => Math.floor(get(nowAtom) / 60_000) * 60_000);
