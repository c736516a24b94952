import type { ApiClient } from "../../lib/api/client";
import { AUTH_PATHS } from "../../../contract/auth";
import {
  LockAnswerSchema,
  LoginAnswerSchema,
  LogoutAnswerSchema,
  SessionListSchema,
  type LoginBody,
  type SessionInfo,
} from "./schemas";

/** Paths on the authentication base (spec §7, docs/contract.md), from the shared contract. */
export { AUTH_PATHS };

/**
 * `POST /auth` with `{login, password, sessionName}` (spec §7); the hub sets the session cookie.
 * @returns the login the hub confirmed
 * Errors: ApiError; code AUTH_BAD_USER_OR_PWD for a wrong login or password (spec §8).
 */
export async function login(auth: ApiClient, body: LoginBody): Promise<{ login: string }> {
  const result = await auth.post(AUTH_PATHS.login, { json: body, schema: LoginAnswerSchema });
  return result.data.item;
}

/**
 * `POST /session/validate` with `{}` (spec §4, §7): the current session's login, and its public
 * hash (as `GET /session/all` lists it) when the hub sends it.
 * Errors: ApiError; 401 without a session, 403 AUTH_SESSION_LOCKED when locked.
 */
export async function validateSession(auth: ApiClient): Promise<{ login: string; hash?: string | undefined }> {
  const result = await auth.post(AUTH_PATHS.validate, { json: {}, schema: LoginAnswerSchema });
  return result.data.item;
}

/**
 * `POST /session/unlock` with `{pin}`, the PIN as a number (spec §5, §7); the hub issues a new cookie.
 * @param pin the entered digits as a non-negative integer
 * Errors: ApiError (AUTH_BAD_PIN, AUTH_PIN_DELAY, AUTH_SESSION_REVOKED); spec §8: the page reloads.
 * @throws RangeError (before any call) when `pin` is not a non-negative safe integer
 */
export async function unlockSession(auth: ApiClient, pin: number): Promise<{ login: string }> {
  if (!Number.isSafeInteger(pin) || pin < 0) throw new RangeError(`PIN must be a non-negative integer, got ${pin}`);
  const result = await auth.post(AUTH_PATHS.unlock, { json: { pin }, schema: LoginAnswerSchema });
  return result.data.item;
}

/** `POST /session/lock` (our addition for kiosks): locks the current session. Errors: ApiError. */
export async function lockSession(auth: ApiClient): Promise<void> {
  await auth.post(AUTH_PATHS.lock, { json: {}, schema: LockAnswerSchema });
}

/**
 * `DELETE /session` (spec §6, §7): without `hash` logs out the current session (the hub clears the
 * cookie); with `hash` revokes that session.
 * @returns the revoked session's public hash
 */
export async function logout(auth: ApiClient, hash?: string): Promise<{ revoked: string }> {
  const result = await auth.delete(AUTH_PATHS.session, {
    json: hash === undefined ? {} : { hash },
    schema: LogoutAnswerSchema,
  });
  return result.data.item;
}

/** `GET /session/all` (spec §6, §7): every session of the user. Errors: ApiError. */
export async function listSessions(auth: ApiClient): Promise<SessionInfo[]> {
  const result = await auth.get(AUTH_PATHS.all, { schema: SessionListSchema });
  return result.data.items;
}
