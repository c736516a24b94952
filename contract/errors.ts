import * as v from "valibot";

/**
 * Error codes of docs/contract.md ("error code" table) with their HTTP status: the one table both
 * sides read. The hub answers a code with this status; the dashboard reacts to the code.
 */
export const ERROR_STATUS = {
  AUTH_BAD_USER_OR_PWD: 401,
  AUTH_NO_SESSION: 401,
  AUTH_SESSION_LOCKED: 403,
  AUTH_BAD_PIN: 403,
  AUTH_PIN_DELAY: 429,
  AUTH_LOGIN_DELAY: 429,
  AUTH_SESSION_REVOKED: 401,
  FORBIDDEN_ORIGIN: 403,
  BAD_REQUEST: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  NOT_FOUND: 404,
  INTERNAL: 500,
  // Not 503: the dashboard (src/shared/http.ts) reads 502/503/504 as "the hub itself is unreachable".
  DEVICE_UNREACHABLE: 409,
  // A device that was sent a command and did not answer in time (the Tasmota console): 409, not 504.
  DEVICE_NO_ANSWER: 409,
  // A console command of the same device is still waiting for its answer.
  DEVICE_BUSY: 409,
  // A camera's live streams, and the snapshots and proxied HLS files the hub fetches at once, are
  // bounded (hub/cameras/mjpeg.ts, snapshots.ts, hls/proxy.ts): the client waits and retries.
  TOO_MANY_STREAMS: 429,
  // A camera control the camera does not have (PTZ on a fixed camera, a go2rtc camera's PTZ).
  NOT_SUPPORTED: 409,
  // A Tasmota console line that needs the session's PIN again (tasmota-console-policy.ts) came without it; nothing was sent.
  PIN_REQUIRED: 403,
  // A locked recording cannot be deleted (spec §3 "Recording: locked flag").
  RECORDING_LOCKED: 409,
  // A household cap is reached (automations per household, buttons per IR blaster): delete or replace one first; `{limit}` says the cap.
  LIMIT_REACHED: 409,
  // A panel's report came from a session that is not that panel's (contract/panels.ts).
  PANEL_NOT_YOURS: 403,
} as const satisfies Record<string, number>;

/** One error code of the contract. */
export type ErrorCode = keyof typeof ERROR_STATUS;

/** Every error code of the contract, in table order. */
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** A known error code (anything else fails). */
export const ErrorCodeSchema = v.picklist(ERROR_CODES);

/** True when `code` is one of the contract's error codes. */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === "string" && Object.hasOwn(ERROR_STATUS, code);
}

export const AUTH_BAD_USER_OR_PWD = "AUTH_BAD_USER_OR_PWD" satisfies ErrorCode;
export const AUTH_NO_SESSION = "AUTH_NO_SESSION" satisfies ErrorCode;
export const AUTH_SESSION_LOCKED = "AUTH_SESSION_LOCKED" satisfies ErrorCode;
export const AUTH_BAD_PIN = "AUTH_BAD_PIN" satisfies ErrorCode;
export const AUTH_PIN_DELAY = "AUTH_PIN_DELAY" satisfies ErrorCode;
export const AUTH_LOGIN_DELAY = "AUTH_LOGIN_DELAY" satisfies ErrorCode;
export const AUTH_SESSION_REVOKED = "AUTH_SESSION_REVOKED" satisfies ErrorCode;
export const FORBIDDEN_ORIGIN = "FORBIDDEN_ORIGIN" satisfies ErrorCode;
export const BAD_REQUEST = "BAD_REQUEST" satisfies ErrorCode;
export const UNSUPPORTED_MEDIA_TYPE = "UNSUPPORTED_MEDIA_TYPE" satisfies ErrorCode;
export const NOT_FOUND = "NOT_FOUND" satisfies ErrorCode;
export const INTERNAL = "INTERNAL" satisfies ErrorCode;
export const DEVICE_UNREACHABLE = "DEVICE_UNREACHABLE" satisfies ErrorCode;
export const DEVICE_NO_ANSWER = "DEVICE_NO_ANSWER" satisfies ErrorCode;
export const DEVICE_BUSY = "DEVICE_BUSY" satisfies ErrorCode;
export const TOO_MANY_STREAMS = "TOO_MANY_STREAMS" satisfies ErrorCode;
export const NOT_SUPPORTED = "NOT_SUPPORTED" satisfies ErrorCode;
export const RECORDING_LOCKED = "RECORDING_LOCKED" satisfies ErrorCode;
export const LIMIT_REACHED = "LIMIT_REACHED" satisfies ErrorCode;
export const PIN_REQUIRED = "PIN_REQUIRED" satisfies ErrorCode;
export const PANEL_NOT_YOURS = "PANEL_NOT_YOURS" satisfies ErrorCode;
