import type { FastifyInstance, FastifyRequest } from "fastify";
import { HubError } from "../core/errors";
import { assertAllowedOrigin } from "./origin";

/** Methods that change state: each must come from the hub's own page and carry JSON or nothing. */
export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(["POST", "PATCH", "PUT", "DELETE"]);

/** True when the request carries a body: a non-zero Content-Length or any Transfer-Encoding. */
function hasBody(request: FastifyRequest): boolean {
  if (request.headers["transfer-encoding"] !== undefined) return true;
  const length = request.headers["content-length"];
  return length !== undefined && length.trim() !== "0";
}

/** The media type of Content-Type, lower case without parameters, or undefined when absent. */
function mediaType(request: FastifyRequest): string | undefined {
  const type = request.headers["content-type"];
  if (type === undefined) return undefined;
  return type.split(";")[0]?.trim().toLowerCase();
}

/**
 * True for a `multipart/form-data` request to a route that takes it (`config: { body: "multipart" }`,
 * e.g. `POST /pv/log`); its own multipart parser and limits apply there.
 */
function isAllowedMultipart(request: FastifyRequest, type: string | undefined): boolean {
  if (type !== "multipart/form-data") return false;
  const config: unknown = request.routeOptions.config;
  return typeof config === "object" && config !== null && "body" in config && config.body === "multipart";
}

/**
 * Refuses a state-changing request (POST, PATCH, PUT, DELETE on any path) before routing,
 * parsing or session lookup, so a cross-site request learns nothing (CSRF: a
 * `text/plain` POST from another port locked the victim's session):
 * - from another origin or site: 403 FORBIDDEN_ORIGIN (assertAllowedOrigin);
 * - with a `Content-Type` other than `application/json` (with or without parameters), or with a
 *   body but no `Content-Type`: 415 UNSUPPORTED_MEDIA_TYPE. A request with no body and no
 *   content type passes (spec §7's empty-body calls; the dashboard itself always sends `{}`
 *   as JSON). A route with `config: { body: "multipart" }` also takes `multipart/form-data`.
 * GET and HEAD are not checked here: they change nothing, and a cross-origin page cannot read them
 * (the camera bases, whose reads hold streams and reach cameras, check them: api-bases.ts).
 */
export function installWriteGuard(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    if (!STATE_CHANGING_METHODS.has(request.method)) return;
    assertAllowedOrigin(request);
    const type = mediaType(request);
    if (isAllowedMultipart(request, type)) return;
    if (type === undefined ? hasBody(request) : type !== "application/json") {
      throw new HubError("UNSUPPORTED_MEDIA_TYPE", "body: only application/json is accepted");
    }
  });
}
