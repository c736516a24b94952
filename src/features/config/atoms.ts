import { atom } from "jotai";
import type { Config } from "../switches/schemas";

export type { Config } from "../switches/schemas";

/** GET /config's item (the live channel's URL, the switches' groups); null until loaded. */
export const configAtom = atom<Config | null>(null);
