import { atom } from "jotai";
import { sessionAfterErrorCode, type SessionState } from "./session";

/** The session (spec §4); `unknown` until validateOnLoad answers. */
export const sessionAtom = atom<SessionState>({ status: "unknown" });

/** The logged-in login, or null (spec §3 "User state": login null when logged out). */
export const sessionLoginAtom = atom((get) => {
  const state = get(sessionAtom);
  return state.status === "loggedIn" ? state.login : null;
});

/** True while the session is locked (spec §3 "User state": locked). */
export const sessionLockedAtom = atom((get) => get(sessionAtom).status === "locked");

/**
 * Write-only: feed it every error code a main API answers with (the API client's `onErrorCode`);
 * AUTH_SESSION_LOCKED locks the session (spec §4), a revoked or missing session logs out.
 */
export const sessionErrorCodeAtom = atom(null, (get, set, code: string) => {
  const current = get(sessionAtom);
  const next = sessionAfterErrorCode(current, code);
  if (next !== current) set(sessionAtom, next);
});
