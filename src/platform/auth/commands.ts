import { commandAtom } from "../commands";
import { AUTH_PATHS, lockSession, logout } from "./api";
import { sessionAtom } from "./atoms";

/** Pending-mark target of the session commands (lock, logout). */
export const SESSION_TARGET = "session";

/**
 * 'Zablokuj sesję' (DESIGN §4a command): POST /session/lock, then the PIN screen. A failure keeps the
 * session as it was and toasts 'Nie udało się zapisać zmiany'; AUTH_SESSION_LOCKED locks anyway
 * through the API client's onErrorCode.
 */
export const lockSessionCommand = commandAtom<void, void>({
  target: () => SESSION_TARGET,
  request: () => ({ method: "POST", path: AUTH_PATHS.lock }),
  failureKey: "menu.failed",
  run: async ({ api, set }) => {
    await lockSession(api.auth);
    set(sessionAtom, { status: "locked" });
  },
});

/**
 * 'Wyloguj' (spec §6, §7): DELETE /session, then the login form. A failure keeps the session and
 * toasts 'Nie udało się zapisać zmiany'. Allowed on the PIN screen too.
 */
export const logoutCommand = commandAtom<void, void>({
  target: () => SESSION_TARGET,
  request: () => ({ method: "DELETE", path: AUTH_PATHS.session }),
  failureKey: "menu.failed",
  allowedWhileLocked: true,
  run: async ({ api, set }) => {
    await logout(api.auth);
    set(sessionAtom, { status: "loggedOut" });
  },
});

/**
 * Revokes another session of the user by its public hash (spec §6: DELETE /session with `{hash}`);
 * the current session stays. Resolves with the revoked hash.
 */
export const revokeSessionCommand = commandAtom<string, { revoked: string }>({
  target: (hash) => `session:${hash}`,
  request: () => ({ method: "DELETE", path: AUTH_PATHS.session }),
  failureKey: "menu.failed",
  run: ({ api }, hash) => logout(api.auth, hash),
});
