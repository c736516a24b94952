import * as v from "valibot";

/** Error codes of the hub (docs/contract.md "error code" table). */
export const AUTH_BAD_USER_OR_PWD = "AUTH_BAD_USER_OR_PWD";
export const AUTH_NO_SESSION = "AUTH_NO_SESSION";
export const AUTH_SESSION_LOCKED = "AUTH_SESSION_LOCKED";
export const AUTH_BAD_PIN = "AUTH_BAD_PIN";
export const AUTH_PIN_DELAY = "AUTH_PIN_DELAY";
export const AUTH_SESSION_REVOKED = "AUTH_SESSION_REVOKED";
export const BAD_REQUEST = "BAD_REQUEST";
export const NOT_FOUND = "NOT_FOUND";
export const INTERNAL = "INTERNAL";

/** Every error code of the contract. */
export const ERROR_CODES = [
  AUTH_BAD_USER_OR_PWD,
  AUTH_NO_SESSION,
  AUTH_SESSION_LOCKED,
  AUTH_BAD_PIN,
  AUTH_PIN_DELAY,
  AUTH_SESSION_REVOKED,
  BAD_REQUEST,
  NOT_FOUND,
  INTERNAL,
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

const field = v.pipe(v.string(), v.minLength(1), v.maxLength(200));

/** Body of `POST /auth` (spec §7, contract: strings of 1..200 characters). */
export const LoginBodySchema = v.object({ login: field, password: field, sessionName: field });
export type LoginBody = v.InferOutput<typeof LoginBodySchema>;

/** `{item:{login}}`: the answer of `POST /auth`, `/session/validate` and `/session/unlock`. */
export const LoginAnswerSchema = v.object({ item: v.object({ login: v.string() }) });

/** Body of `POST /session/unlock`: the PIN as a number (spec §5, §7). */
export const UnlockBodySchema = v.object({ pin: v.pipe(v.number(), v.integer(), v.minValue(0)) });

/** `{item:{locked:true}}`: the answer of `POST /session/lock`. */
export const LockAnswerSchema = v.object({ item: v.object({ locked: v.literal(true) }) });

/** `{item:{revoked}}`: the answer of `DELETE /session`. */
export const LogoutAnswerSchema = v.object({ item: v.object({ revoked: v.string() }) });

const IsoTimeSchema = v.pipe(
  v.string(),
  v.check((text) => !Number.isNaN(Date.parse(text)), "must be an ISO-8601 time"),
);

/** One entry of `GET /session/all` (contract). */
export const SessionInfoSchema = v.object({
  hash: v.string(),
  sessionName: v.string(),
  createdAt: IsoTimeSchema,
  lastSeenAt: IsoTimeSchema,
  locked: v.boolean(),
  current: v.boolean(),
});
export type SessionInfo = v.InferOutput<typeof SessionInfoSchema>;

/** `{items:[SessionInfo]}`: the answer of `GET /session/all`. */
export const SessionListSchema = v.object({ items: v.array(SessionInfoSchema) });
