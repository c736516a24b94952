import type { createStore } from "jotai";
import * as v from "valibot";
import type { ApiClient } from "../../lib/api/client";
import { KV_KEYS, kvGet, type DashboardDb } from "../../shared/db";
import { sessionAtom } from "../auth/atoms";
import { validateOnLoad, type SessionState } from "../auth/session";
import { serverReachableAtom } from "./atoms";
import { readLocalCache } from "./localCache";

type JotaiStore = ReturnType<typeof createStore>;

/** The last known session as remembered in IndexedDB `kv` (key `session`). */
export const RememberedSessionSchema = v.object({
  login: v.nullable(v.pipe(v.string(), v.minLength(1))),
  locked: v.boolean(),
});
export type RememberedSession = v.InferOutput<typeof RememberedSessionSchema>;

/**
 * The last known session: the localStorage cache first (synchronous), IndexedDB otherwise; null when
 * nobody was logged in on this device (or after a logout). Never rejects.
 */
export async function rememberedSession(db: DashboardDb): Promise<RememberedSession | null> {
  const local = readLocalCache();
  if (local?.login) return { login: local.login, locked: local.locked };
  try {
    return (await kvGet(db, KV_KEYS.session, RememberedSessionSchema)) ?? null;
  } catch {
    return null;
  }
}

/**
 * Validates the session at boot with offline support (spec §4 + issue 3): `POST /session/validate`;
 * success -> loggedIn, AUTH_SESSION_LOCKED -> locked, a real 401 -> loggedOut (login form). When the
 * hub cannot be reached (network failure) a KNOWN user stays in the app offline (`{status:"loggedIn",
 * offline:true}`, and the hub is marked unreachable), but a session last seen LOCKED stays locked
 * (the PIN screen; going offline never bypasses the lock). An unknown user gets the usual error.
 * Stores the result in `sessionAtom` and returns it. Never rejects.
 */
export async function bootSessionOffline(store: JotaiStore, auth: ApiClient, db: DashboardDb): Promise<SessionState> {
  store.set(sessionAtom, { status: "unknown" });
  const known = await rememberedSession(db);
  let state: SessionState;
  try {
    state = await validateOnLoad(auth, { knownLogin: known?.login ?? null });
  } catch (error) {
    state = { status: "error", statusText: error instanceof Error ? error.message : String(error) };
  }
  if (state.status === "loggedIn" && state.offline) {
    store.set(serverReachableAtom, false);
    if (known?.locked) state = { status: "locked" };
  }
  store.set(sessionAtom, state);
  return state;
}

/**
 * After the hub came back: if the session was only assumed (offline boot), validates it for real and
 * updates `sessionAtom` (a session revoked meanwhile goes to the login form, a locked one to the PIN
 * screen). A network failure leaves the state as it is. Never rejects.
 */
export async function revalidateAssumedSession(store: JotaiStore, auth: ApiClient): Promise<void> {
  const current = store.get(sessionAtom);
  if (current.status !== "loggedIn" || !current.offline) return;
  const next = await validateOnLoad(auth, { knownLogin: current.login });
  if (next.status === "loggedIn" && next.offline) return;
  if (next.status === "error") return;
  if (store.get(sessionAtom) === current) store.set(sessionAtom, next);
}
