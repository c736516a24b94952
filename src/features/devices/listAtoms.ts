import { atom } from "jotai";
import { devicesAtom } from "./atoms";
import { isNew, newestFirst } from "./list";

/** {@link devicesAtom} newest first (list.ts newestFirst), sorted once per answer; null until loaded. */
export const devicesNewestFirstAtom = atom((get) => {
  const devices = get(devicesAtom);
  return devices === null ? null : newestFirst(devices);
});

/** How many devices are new (not looked at, not hidden): the menu's mark; 0 until loaded. */
export const newDevicesCountAtom = atom((get) => get(devicesAtom)?.filter(isNew).length ?? 0);
