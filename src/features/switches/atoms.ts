import { atom } from "jotai";
import type { Switch } from "./schemas";

/** Switch definitions from GET /config/switches; null until loaded. */
export const switchesAtom = atom<readonly Switch[] | null>(null);

/** True when a switch has no purpose set (null or blank). */
export function hasNoPurpose(item: Switch): boolean {
  return item.purpose === null || item.purpose.trim() === "";
}

/** The top bar's badge (spec §2): how many switches have no purpose set; 0 until loaded. */
export const switchesWithoutPurposeCountAtom = atom((get) => get(switchesAtom)?.filter(hasNoPurpose).length ?? 0);
