import type { JotaiStore } from "../../shared/store";
import * as v from "valibot";
import type { ApiClient } from "../../lib/api/client";
import type { DashboardDb } from "../../shared/db";
import { sessionAtom } from "../auth/atoms";
import { validateOnLoad, type SessionState } from "../auth/session";
import { hasSignedInHint } from "../auth/signedInHint";
import { serverReachableAtom } from "./atoms";
import { loadDb } from "./lazyDb";
import { readLocalCache } from "./localCache";

/** The last known session as remembered in IndexedDB `kv` (key `session`). */
export const RememberedSessionSchema = v.object({
  login: v.nullable(v.pipe(v.string(), v.minLength(1))),
  locked: v.boolean(),
});
export type RememberedSession = v.InferOutput<typeof RememberedSessionSchema>;

/** The last known session from the localStorage cache (synchronous), or null. */
export function rememberedSessionLocal(): RememberedSession | null {
  const local = readLocalCache();
  return local?.login ? { login: local.login, locked: local.locked } : null;
}

/**
 * The last known session from IndexedDB `kv` (loads Dexie): the fallback when localStorage was
 * cleared. Null when nobody was logged in on this device (or after a logout). Never rejects.
 */
export async function rememberedSessionStored(db?: DashboardDb): Promise<RememberedSession | null> {
  try {
    const { kvGet, KV_KEYS, getDashboardDb } = await loadDb();
    return (await kvGet(db ?? getDashboardDb(), KV_KEYS.session, RememberedSessionSchema)) ?? null;
  } catch {
    return null;
  }
}

/**
 * Validates the session at boot with offline support (spec §4 +): `POST /session/validate`
 * when this browser may hold a session (a user remembered in localStorage, or the hub's sign-in hint
 * cookie); otherwise loggedOut at once, with no request (what its 401 would give);
 * success -> loggedIn, AUTH_SESSION_LOCKED -> locked, a real 401 -> loggedOut (login form). When the
 * hub cannot be reached (network failure) a KNOWN user stays in the app offline (`{status:"loggedIn",
 * offline:true}`, and the hub is marked unreachable), but a session last seen LOCKED stays locked
 * (the PIN screen; going offline never bypasses the lock). If the hub has not answered within
 * `offlineAfterMs` (default 4 s: Wi-Fi up but the hub silent), a known user is let in offline at once
 * and the real answer, when it comes, replaces that state. An unknown user gets the usual error.
 * Stores the result in `sessionAtom` and returns it. `db` defaults to the app's database (loaded
 * lazily, only when the hub is unreachable and localStorage does not know the last user). Never rejects.
 */
export async function bootSessionOffline(
  store: JotaiStore,
  auth: ApiClient,
  db?: DashboardDb,
  options: { offlineAfterMs?: number } = {},
): Promise<SessionState> {
  store.set(sessionAtom, { status: "unknown" });
  let known = rememberedSessionLocal();
  if (!known && !hasSignedInHint()) {
    // Nobody remembered here and no sign-in hint: this browser holds no session. The login form at
    // once, as a 401 would give, without the request (docs/contract.md "Session cookie").
    const loggedOut: SessionState = { status: "loggedOut" };
    store.set(sessionAtom, loggedOut);
    return loggedOut;
  }
  const validation = validateOnLoad(auth, { knownLogin: known?.login ?? null }).catch(
    (error: unknown): SessionState => ({
      status: "error",
      statusText: error instanceof Error ? error.message : String(error),
    }),
  );
  let state: SessionState | "slow" = await (known?.login
    ? Promise.race([validation, delay(options.offlineAfterMs ?? BOOT_OFFLINE_AFTER_MS).then(() => "slow" as const)])
    : validation);
  if (state === "slow" && known?.login) {
    // No answer yet (Wi-Fi up but the hub silent): show the known user's dashboard offline now, and
    // adopt the real answer when it comes.
    const assumed: SessionState = { status: "loggedIn", login: known.login, offline: true };
    void validation.then((real) => {
      const isNetworkFailure = real.status === "loggedIn" && real.offline === true;
      if (!isNetworkFailure && real.status !== "error" && store.get(sessionAtom) === assumed)
        store.set(sessionAtom, real);
    });
    state = assumed;
  }
  if (state === "slow") state = await validation;
  if (state.status === "error" && state.httpStatus === undefined && !known) {
    // The hub could not be reached and localStorage knows nobody: IndexedDB may (only now is Dexie
    // loaded, so a first visit's login screen does not pay for it).
    known = await rememberedSessionStored(db);
    if (known?.login) state = { status: "loggedIn", login: known.login, offline: true };
  }
  if (state.status === "loggedIn" && state.offline) {
    store.set(serverReachableAtom, false);
    if (known?.locked) state = { status: "locked" };
  }
  store.set(sessionAtom, state);
  return state;
}

/** How long boot waits for the hub before a known user is shown the dashboard offline, ms. */
export const BOOT_OFFLINE_AFTER_MS = 4000;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
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
