import * as v from "valibot";
import { itemOf, itemsOf } from "./envelope";

/** Paths on the authentication base (spec §7, docs/contract.md "/api/auth/v1"). */
export const AUTH_PATHS = {
  login: "/auth",
  validate: "/session/validate",
  unlock: "/session/unlock",
  lock: "/session/lock",
  session: "/session",
  all: "/session/all",
} as const;

/** Name of the hub's HttpOnly session cookie (docs/contract.md "Session cookie"). */
export const SESSION_COOKIE = "hub_session";

/**
 * Name of the sign-in hint cookie (docs/contract.md "Session cookie"): `1`, readable by script, never
 * a secret. The hub sets it beside the session cookie (login, unlock, validate) and clears it with it
 * (logout, revocation, any 401 answered to a request that carried either), so the dashboard can tell a
 * browser that cannot hold a session from one that may, without asking (a new device's first
 * screen makes no request answered 401).
 */
export const SIGNED_IN_COOKIE = "hub_signed_in";

/** Longest login, password or session name, in characters. */
export const LOGIN_TEXT_MAX_LENGTH = 200;

/** A login, password or session name: 1..200 characters. */
const Text = v.pipe(v.string(), v.minLength(1), v.maxLength(LOGIN_TEXT_MAX_LENGTH));

/** Body of `POST /auth` (spec §7): strings of 1..200 characters. */
export const LoginBodySchema = v.object({ login: Text, password: Text, sessionName: Text });
export type LoginBody = v.InferOutput<typeof LoginBodySchema>;

/**
 * Body of `POST /session/unlock`: the PIN as a number (spec §5, §7), a non-negative integer up to
 * Number.MAX_SAFE_INTEGER (a larger number would lose digits on the way).
 */
export const UnlockBodySchema = v.object({
  pin: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER)),
});
export type UnlockBody = v.InferOutput<typeof UnlockBodySchema>;

/** Body of `DELETE /session`: `{}` (the current session) or `{hash}` (one of the user's sessions). */
export const LogoutBodySchema = v.object({ hash: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(64))) });
export type LogoutBody = v.InferOutput<typeof LogoutBodySchema>;

/** Body of `POST /session/validate` and `POST /session/lock`: `{}` (any fields ignored). */
export const EmptyBodySchema = v.object({});

/**
 * `{item:{login, hash}}`: the answer of `POST /auth`, `/session/validate` and `/session/unlock`.
 * `hash` (our addition) is the session's public id as `GET /session/all` lists it: the panel finds
 * its own session's end on the live channel by it ({@link sessionEndedTopic}). Optional for the
 * dashboard, which works without it.
 */
export const LoginAnswerSchema = itemOf(v.object({ login: v.string(), hash: v.optional(v.string()) }));
export type LoginAnswer = v.InferOutput<typeof LoginAnswerSchema>;

/** `{item:{locked:true}}`: the answer of `POST /session/lock`. */
export const LockAnswerSchema = itemOf(v.object({ locked: v.literal(true) }));
export type LockAnswer = v.InferOutput<typeof LockAnswerSchema>;

/** `{item:{revoked}}`: the answer of `DELETE /session` (the revoked session's public hash). */
export const LogoutAnswerSchema = itemOf(v.object({ revoked: v.string() }));
export type LogoutAnswer = v.InferOutput<typeof LogoutAnswerSchema>;

/** An ISO-8601 time as text. */
export const IsoTimeSchema = v.pipe(
  v.string(),
  v.check((text) => !Number.isNaN(Date.parse(text)), "must be an ISO-8601 time"),
);

/** One entry of `GET /session/all`; `hash` is a public id, not the token's hash. */
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
export const SessionListSchema = itemsOf(SessionInfoSchema);
export type SessionList = v.InferOutput<typeof SessionListSchema>;

/**
 * The fields an `AUTH_BAD_PIN` error answer adds to `{code, message}`: attempts left before the
 * session is revoked, and from the 3rd failure how long the next attempt must wait (ms).
 */
export const BadPinErrorSchema = v.looseObject({
  attemptsLeft: v.pipe(v.number(), v.integer(), v.minValue(0)),
  retryAfterMs: v.optional(v.pipe(v.number(), v.minValue(0))),
});
export type BadPinError = v.InferOutput<typeof BadPinErrorSchema>;

/** The field an `AUTH_PIN_DELAY` or `AUTH_LOGIN_DELAY` error answer adds: how long to wait (ms). */
export const RetryAfterErrorSchema = v.looseObject({ retryAfterMs: v.pipe(v.number(), v.minValue(0)) });
export type RetryAfterError = v.InferOutput<typeof RetryAfterErrorSchema>;

/**
 * `session/<hash>/ended` (not retained, QoS 1): the hub announces that a session was locked or
 * revoked (logout, another device's logout, the 10th wrong PIN), keyed by its public hash
 * (`GET /session/all`; never a secret). A panel that sees its own session named validates its
 * session (`POST /session/validate`) and shows what the answer says; the announcement is a hint,
 * never trusted on its own. Browsers on an external broker need it: the hub cannot close their
 * connection (docs/contract.md "Live channel").
 */
export function sessionEndedTopic(hash: string): string {
  return `session/${hash}/ended`;
}

/** The public hash named by a {@link sessionEndedTopic} topic, or null for any other topic. */
export function sessionEndedHashOf(topic: string): string | null {
  const match = /^session\/([A-Za-z0-9_-]{1,64})\/ended$/.exec(topic);
  return match?.[1] ?? null;
}

/** Payload of {@link sessionEndedTopic}: why the session ended and when (ISO-8601). */
export const SessionEndedPayloadSchema = v.object({ reason: v.picklist(["locked", "revoked"]), time: IsoTimeSchema });
export type SessionEndedPayload = v.InferOutput<typeof SessionEndedPayloadSchema>;
