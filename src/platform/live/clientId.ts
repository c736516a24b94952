import { atom } from "jotai";

/** Where the live channel's MQTT client id is kept (localStorage), so a reload connects with it at once. */
export const LIVE_CLIENT_ID_KEY = "live.clientId";
/** What a stored client id may be: 1..64 letters, digits, `-` or `_` (anything else is ignored). */
const CLIENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

function readStored(): string | null {
  try {
    const stored = globalThis.localStorage?.getItem(LIVE_CLIENT_ID_KEY) ?? null;
    return stored !== null && CLIENT_ID.test(stored) ? stored : null;
  } catch {
    return null;
  }
}

function writeStored(clientId: string | null): void {
  try {
    if (clientId === null) globalThis.localStorage?.removeItem(LIVE_CLIENT_ID_KEY);
    else globalThis.localStorage?.setItem(LIVE_CLIENT_ID_KEY, clientId);
  } catch {
    // kept for this load only (private mode refusing storage)
  }
}

const setAtom = atom<{ clientId: string | null } | null>(null);

/**
 * The MQTT client id the live channel connects with: null = a random one (mqtt.js's). A panel on a
 * household Mosquitto sets its command channel here (contract/panels.ts PanelRegisterAnswerSchema), and
 * the live channel reconnects with it (app/startup.ts). Kept in localStorage ({@link LIVE_CLIENT_ID_KEY});
 * an id that is not 1..64 letters, digits, `-` or `_` reads as null.
 */
export const liveClientIdAtom = atom(
  (get) => {
    const set = get(setAtom);
    return set === null ? readStored() : set.clientId;
  },
  (_get, set, clientId: string | null) => {
    const valid = clientId !== null && CLIENT_ID.test(clientId) ? clientId : null;
    set(setAtom, { clientId: valid });
    writeStored(valid);
  },
);
