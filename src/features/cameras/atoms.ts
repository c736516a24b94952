import { atom } from "jotai";
import type { Camera } from "../../../contract/cameras";
import { commandEnvAtom } from "../../platform/commands";

/** The camera items from GET ../v5/cameras; null until loaded. */
export const camerasAtom = atom<readonly Camera[] | null>(null);

/** The API clients' camera bases, for the stream URLs (null before the app set them). */
export const cameraClientsAtom = atom((get) => {
  const api = get(commandEnvAtom)?.api;
  return api ? { cameras: api.cameras, camerasV5: api.camerasV5 } : null;
});
