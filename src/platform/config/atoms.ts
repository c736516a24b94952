import { atom } from "jotai";
import type { Config } from "../../../contract/config";

export type { Config } from "../../../contract/config";

/** GET /config's item (the live channel's URL, the switches' groups); null until loaded. */
export const configAtom = atom<Config | null>(null);
