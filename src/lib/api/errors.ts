import { HTTPError, TimeoutError } from "ky";
import * as v from "valibot";
import { ErrorBodySchema } from "../../../contract/envelope";

/** How an HTTP call failed (spec §8: client 4xx, server 5xx, aborted, timeout; plus no connection). */
export type ApiErrorKind = "client" | "server" | "aborted" | "timeout" | "network";

/** Fields of an {@link ApiError} beyond its message. */
export type ApiErrorInit = {
  kind: ApiErrorKind;
  status?: number;
  statusText?: string;
  code?: string;
  body?: unknown;
  cause?: unknown;
};

/**
 * A failed API call, classified (spec §8). `code` is the hub's error code from the JSON body
 * (`AUTH_SESSION_LOCKED`, ...); `body` is that parsed body (or its text when it is not JSON).
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status?: number;
  readonly statusText?: string;
  readonly code?: string;
  readonly body?: unknown;

  constructor(message: string, init: ApiErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "ApiError";
    this.kind = init.kind;
    this.status = init.status;
    this.statusText = init.statusText;
    this.code = init.code;
    this.body = init.body;
  }
}

/** True when `e` is an {@link ApiError}. */
export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** The error code of a parsed error body, if it has one. */
export function errorCodeOf(body: unknown): string | undefined {
  const parsed = v.safeParse(ErrorBodySchema, body);
  return parsed.success ? parsed.output.code : undefined;
}

/** Parses an error response's body: JSON when it is JSON, its text otherwise, undefined if unreadable. */
export async function readErrorBody(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    if (text === "") return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  } catch {
    return undefined;
  }
}

/** An ApiError for an HTTP error status: 4xx is "client", everything else "server" (spec §8). */
export function httpError(status: number, statusText: string, body: unknown, cause?: unknown): ApiError {
  const code = errorCodeOf(body);
  const kind: ApiErrorKind = status >= 400 && status < 500 ? "client" : "server";
  const label = `${status}${statusText ? ` ${statusText}` : ""}`;
  return new ApiError(`HTTP ${label}${code ? ` (${code})` : ""}`, { kind, status, statusText, code, body, cause });
}

function isAbortError(e: unknown): boolean {
  return e instanceof Error && e.name === "AbortError";
}

function isTimeoutLike(e: unknown): boolean {
  return e instanceof TimeoutError || (e instanceof Error && e.name === "TimeoutError");
}

/**
 * Turns anything thrown by a call into an {@link ApiError} (spec §8). An ApiError is returned as is;
 * a ky HTTPError becomes client/server by status (its body is not read here: use {@link httpError}
 * with the body when it is available); a timeout becomes "timeout"; an AbortError "aborted"; anything
 * else (connection refused, DNS, CORS) "network".
 */
export function classifyError(e: unknown): ApiError {
  if (isApiError(e)) return e;
  if (e instanceof HTTPError) return httpError(e.response.status, e.response.statusText, undefined, e);
  if (isTimeoutLike(e)) return new ApiError("Request timed out", { kind: "timeout", cause: e });
  if (isAbortError(e)) return new ApiError("Request aborted", { kind: "aborted", cause: e });
  const detail = e instanceof Error ? e.message : String(e);
  return new ApiError(`Network error: ${detail}`, { kind: "network", cause: e });
}

/** The hub's refusal of a body (400 BAD_REQUEST): its whole message and, when it names one, the field and the reason. */
export type BodyRefusal = { message: string; field: string | null; reason: string };

/**
 * Reads a 400 BAD_REQUEST refusal (spec §8; DESIGN §4a: the hub validates every body against the
 * contract and names the field, `<field path>: <reason>`, e.g. `config.label: must not be empty`).
 * Answers the message (the error body's, else the error's), the field path before `": "` (null
 * when there is none) and the reason after it; null for any other error. Forms show the reason on
 * the named field (react-hook-form `setError`) and the message as the form's refusal.
 */
export function bodyRefusalOf(error: unknown): BodyRefusal | null {
  if (!isApiError(error) || error.code !== "BAD_REQUEST") return null;
  const parsed = v.safeParse(ErrorBodySchema, error.body);
  const message = parsed.success && parsed.output.message ? parsed.output.message : error.message;
  const colon = message.indexOf(": ");
  return colon > 0
    ? { message, field: message.slice(0, colon), reason: message.slice(colon + 2) }
    : { message, field: null, reason: message };
}
