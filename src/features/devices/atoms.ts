import { atom } from "jotai";
import { newestFirst } from "./list";
import type { ListedDevice } from "./schemas";

/** The household's devices from `GET /devices` (as the hub lists them); null until loaded. */
export const devicesAtom = atom<readonly ListedDevice[] | null>(null);

/** {@link devicesAtom} newest first (list.ts newestFirst), sorted once per answer; null until loaded. */
export const devicesNewestFirstAtom = atom((get) => {
  const devices = get(devicesAtom);
  return devices === null ? null : newestFirst(devices);
});

/** How many devices are new (not looked at, not hidden): the menu's mark; 0 until loaded. */
export const newDevicesCountAtom = atom(
  (get) => get(devicesAtom)?.filter((device) => !device.seen && device.adoption?.hidden !== true).length ?? 0,
);
