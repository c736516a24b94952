import type { FastifyRequest } from "fastify";
import { HubError } from "../core/errors";

/**
 * The hub's own origin as the browser sees it: `<scheme>://<host[:port]>` from the request's
 * protocol and Host. Behind a proxy listed in HUB_TRUST_PROXY, Fastify's `trustProxy` makes
 * these the forwarded ones (X-Forwarded-Proto, X-Forwarded-Host); from anyone else those headers
 * are ignored (forged X-Forwarded-*). Null when the Host header is missing or not a host.
 */
export function ownOrigin(request: FastifyRequest): string | null {
  const protocol = request.protocol;
  const host = request.host;
  if ((protocol !== "http" && protocol !== "https") || !host) return null;
  try {
    const url = new URL(`${protocol}://${host}`);
    return url.host === "" ? null : url.origin;
  } catch {
    return null;
  }
}

/** The one header value of `name`, or undefined when absent (a repeated header counts as its first). */
function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Why a request comes from another site or origin, or null when it may be the hub's own page
 * (CSRF: a page on another port of the same host must not lock the victim's session nor read
 * `/mqtt`; SameSite=Strict does not stop a same-site page).
 * - `Sec-Fetch-Site: cross-site` or `same-site` (sent by current browsers over HTTPS and to
 *   localhost) is refused;
 * - an `Origin` header, when sent, must equal ownOrigin(request) (scheme, host and port; default
 *   ports compared as the browser writes them). `Origin: null` is refused.
 * A request with neither header (curl, scripts, old browsers on a plain GET) passes: only
 * browsers carry the victim's cookie, and they send `Origin` on every POST, PATCH, PUT, DELETE
 * and WebSocket upgrade.
 */
export function foreignOriginReason(request: FastifyRequest): string | null {
  const site = header(request, "sec-fetch-site");
  if (site === "cross-site" || site === "same-site") return `Sec-Fetch-Site is ${site}`;
  const origin = header(request, "origin");
  if (origin === undefined) return null;
  const own = ownOrigin(request);
  let sent: string;
  try {
    sent = new URL(origin).origin;
  } catch {
    return "Origin is not a URL";
  }
  if (own === null || sent === "null" || sent !== own) return "Origin is not the hub's own origin";
  return null;
}

/**
 * True when `request` may come from the hub's own page: no foreign `Origin`, no cross-site or
 * same-site `Sec-Fetch-Site` (see foreignOriginReason). For the `/mqtt` upgrade and every
 * state-changing API call (CSRF).
 */
export function isAllowedOrigin(request: FastifyRequest): boolean {
  return foreignOriginReason(request) === null;
}

/**
 * Throws unless isAllowedOrigin(request): for a hook (`preValidation` of `/mqtt`, the write
 * guard), where the thrown error becomes the answer before any upgrade or handler runs.
 * @throws HubError 403 FORBIDDEN_ORIGIN naming which header failed (never its value)
 */
export function assertAllowedOrigin(request: FastifyRequest): void {
  const reason = foreignOriginReason(request);
  if (reason !== null) throw new HubError("FORBIDDEN_ORIGIN", `Refused: ${reason}`);
}
