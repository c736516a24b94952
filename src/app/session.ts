import { sessionAtom } from "../features/auth/atoms";
import { validateOnLoad } from "../features/auth/session";
import type { ApiClients, JotaiStore } from "../routes/-context";

/**
 * Validates the session on load (spec §4) and stores the outcome in sessionAtom: loggedIn, locked,
 * loggedOut (401, silently) or error ('Autologowanie nieudane'). Sets "unknown" first so a retry shows
 * the loading screen again. Never throws.
 */
export async function bootSession(store: JotaiStore, api: ApiClients): Promise<void> {
  store.set(sessionAtom, { status: "unknown" });
  try {
    store.set(sessionAtom, await validateOnLoad(api.auth));
  } catch (error) {
    store.set(sessionAtom, { status: "error", statusText: error instanceof Error ? error.message : String(error) });
  }
}
