import type { ApiClient } from "../../lib/api/client";
import { classifyError } from "../../lib/api/errors";
import { validateSession } from "./api";
import { AUTH_NO_SESSION, AUTH_SESSION_LOCKED, AUTH_SESSION_REVOKED } from "./schemas";

/**
 * The session as the dashboard sees it (spec §4). `unknown` at start; `error` carries what
 * 'Autologowanie nieudane' shows (status code and text). `offline` marks a known user kept in the app
 * because the hub could not be reached (DESIGN §5).
 */
export type SessionState =
  | { status: "unknown" }
  | { status: "loggedIn"; login: string; offline?: boolean }
  | { status: "locked" }
  | { status: "loggedOut" }
  | { status: "error"; httpStatus?: number; statusText: string };

/** Options of {@link validateOnLoad}. */
export type ValidateOnLoadOptions = {
  /** Login remembered from the last visit; kept (offline) when the hub cannot be reached. */
  knownLogin?: string | null;
};

/**
 * Validates the session at load (spec §4, §8): `POST /session/validate`. Success -> loggedIn;
 * code AUTH_SESSION_LOCKED -> locked; a 401 -> loggedOut (the login form, silently); a network
 * failure with a known login -> loggedIn offline (DESIGN §5); anything else -> error with the HTTP
 * status and its text (or the error's message when there is no status). Never throws.
 */
export async function validateOnLoad(auth: ApiClient, options: ValidateOnLoadOptions = {}): Promise<SessionState> {
  try {
    const { login } = await validateSession(auth);
    return { status: "loggedIn", login };
  } catch (e) {
    const error = classifyError(e);
    if (error.code === AUTH_SESSION_LOCKED) return { status: "locked" };
    if (error.status === 401) return { status: "loggedOut" };
    if (error.kind === "network" && options.knownLogin)
      return { status: "loggedIn", login: options.knownLogin, offline: true };
    if (error.status === undefined) return { status: "error", statusText: error.message };
    return { status: "error", httpStatus: error.status, statusText: error.statusText || error.message };
  }
}

/**
 * The session after a main API answered with an error code (spec §4: any response carrying
 * AUTH_SESSION_LOCKED locks the session). A revoked or missing session logs out. Other codes, or a
 * state that is not logged in, leave the state as it is (the same object).
 */
export function sessionAfterErrorCode(state: SessionState, code: string): SessionState {
  if (state.status !== "loggedIn" && state.status !== "unknown") return state;
  if (code === AUTH_SESSION_LOCKED) return { status: "locked" };
  if (code === AUTH_SESSION_REVOKED || code === AUTH_NO_SESSION) return { status: "loggedOut" };
  return state;
}
