import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** Error codes of docs/contract.md ("error code" table), with their HTTP status. */
export const ERROR_STATUS = {
  AUTH_BAD_USER_OR_PWD: 401,
  AUTH_NO_SESSION: 401,
  AUTH_SESSION_LOCKED: 403,
  AUTH_BAD_PIN: 403,
  AUTH_PIN_DELAY: 429,
  AUTH_LOGIN_DELAY: 429,
  AUTH_SESSION_REVOKED: 401,
  BAD_REQUEST: 400,
  NOT_FOUND: 404,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * An error the API answers as JSON `{code, message, ...extra}` with the contract's status.
 * Throw it from any route or hook; `installErrorHandlers` turns it into the response.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly extra: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.extra = extra;
  }
}

function isFastifyClientError(error: unknown): error is FastifyError {
  return (
    error instanceof Error &&
    "statusCode" in error &&
    typeof error.statusCode === "number" &&
    error.statusCode >= 400 &&
    error.statusCode < 500
  );
}

/**
 * Installs the JSON error envelope on `app`: ApiError -> its code and status; Fastify's own
 * 4xx (bad JSON, body too large, ...) -> 400 BAD_REQUEST (413 kept as its status); anything
 * else -> 500 INTERNAL, logged, with no details leaked. Unknown `/api/*` routes -> 404
 * NOT_FOUND; other unknown paths go to `onNotFoundOther` (the static SPA fallback).
 */
export function installErrorHandlers(
  app: FastifyInstance,
  onNotFoundOther: (request: FastifyRequest, reply: FastifyReply) => unknown,
): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.status).send({ code: error.code, message: error.message, ...error.extra });
    }
    if (isFastifyClientError(error)) {
      const status = error.statusCode === 413 ? 413 : 400;
      return reply.code(status).send({ code: "BAD_REQUEST", message: error.message });
    }
    request.log.error({ err: error }, "unexpected error");
    return reply.code(500).send({ code: "INTERNAL", message: "Internal error" });
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url === "/api" || request.url.startsWith("/api/")) {
      return reply.code(404).send({ code: "NOT_FOUND", message: `No route ${request.method} ${request.url.split("?")[0] ?? ""}` });
    }
    return onNotFoundOther(request, reply);
  });
}
