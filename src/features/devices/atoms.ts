import { atom } from "jotai";
import type { ListedDevice } from "./schemas";

/** The household's devices from `GET /devices` (as the hub lists them); null until loaded. */
export const devicesAtom = atom<readonly ListedDevice[] | null>(null);
