import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ERROR_STATUS, type ErrorCode } from "../../contract/errors";
import type { ErrorBody } from "../../contract/envelope";
import { HubError } from "../core/errors";

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
 * Fixed messages for Fastify's own client errors (body echoed: an error never repeats what the
 * client sent, so a password in a bad body cannot come back in the answer or land in a log).
 */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: "BAD_REQUEST", message: "body: larger than the 256 KiB limit" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: "UNSUPPORTED_MEDIA_TYPE",
    message: "body: only application/json is accepted",
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: "BAD_REQUEST",
    message: "body: size does not match Content-Length",
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: "BAD_REQUEST", message: "body: empty" },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: "BAD_REQUEST", message: "body: not valid JSON" },
  FST_ERR_BAD_URL: { status: 400, code: "BAD_REQUEST", message: "url: not a valid URL component" },
  // @fastify/multipart (POST /pv/log): the route's limits.
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: "BAD_REQUEST", message: "file: larger than the upload limit" },
  FST_FILES_LIMIT: { status: 413, code: "BAD_REQUEST", message: "body: more files than the upload takes" },
  FST_FIELDS_LIMIT: { status: 413, code: "BAD_REQUEST", message: "body: more fields than the upload takes" },
  FST_PARTS_LIMIT: { status: 413, code: "BAD_REQUEST", message: "body: more parts than the upload takes" },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: "UNSUPPORTED_MEDIA_TYPE",
    message: "body: expected multipart/form-data",
  },
};

/**
 * The answer to a Fastify 4xx error: its fixed entry in FASTIFY_CLIENT_ERRORS, else 400
 * BAD_REQUEST naming only Fastify's error code (never `error.message`, which may quote input).
 */
function fastifyClientAnswer(error: FastifyError): { status: number; code: ErrorCode; message: string } {
  const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
  if (known) return known;
  const code = typeof error.code === "string" && /^[A-Z0-9_]{1,64}$/.test(error.code) ? ` (${error.code})` : "";
  return { status: error.statusCode === 413 ? 413 : 400, code: "BAD_REQUEST", message: `Bad request${code}` };
}

/**
 * Fastify's `frameworkErrors` option (errors raised before routing, e.g. FST_ERR_BAD_URL): the
 * same JSON envelope with a fixed message, instead of Fastify's answer that quotes the URL.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const answer = fastifyClientAnswer(error);
  void reply.code(answer.status).send({ code: answer.code, message: answer.message });
}

/**
 * Installs the JSON error envelope on `app`: HubError -> its code and the status of the contract's
 * ERROR_STATUS table; Fastify's own
 * 4xx (bad JSON, body too large, unsupported media type, ...) -> a fixed message (413 and 415
 * kept as their status, the rest 400 BAD_REQUEST); anything else -> 500 INTERNAL, logged, with
 * no details leaked. No message repeats the request's body or path (body echoed). Unknown
 * `/api/*` routes -> 404 NOT_FOUND; other unknown paths go to `onNotFoundOther` (the static SPA fallback).
 */
export function installErrorHandlers(
  app: FastifyInstance,
  onNotFoundOther: (request: FastifyRequest, reply: FastifyReply) => unknown,
): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HubError) {
      return reply
        .code(ERROR_STATUS[error.code])
        .send({ code: error.code, message: error.message, ...error.extra } satisfies ErrorBody);
    }
    if (isFastifyClientError(error)) {
      const answer = fastifyClientAnswer(error);
      return reply.code(answer.status).send({ code: answer.code, message: answer.message });
    }
    request.log.error({ err: error }, "unexpected error");
    return reply.code(500).send({ code: "INTERNAL", message: "Internal error" });
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url === "/api" || request.url.startsWith("/api/")) {
      return reply.code(404).send({ code: "NOT_FOUND", message: `No such API route for ${request.method}` });
    }
    return onNotFoundOther(request, reply);
  });
}
