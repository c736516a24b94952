import type { CookieSerializeOptions } from "@fastify/cookie";
import type { FastifyReply, FastifyRequest } from "fastify";
import { SESSION_COOKIE, SIGNED_IN_COOKIE } from "../../contract/auth";
import type { AuthService } from "../auth/auth-service";
import type { SessionRow } from "../auth/session-store";
import { HubError } from "../core/errors";

export { SESSION_COOKIE, SIGNED_IN_COOKIE };
const COOKIE_MAX_AGE_S = 180 * 24 * 3600;

/** Route access levels: `public` needs nothing, `allowLocked` accepts a locked session, default needs an unlocked one. */
export type Access = "public" | "allowLocked" | "unlocked";

const sessions = new WeakMap<FastifyRequest, SessionRow>();

/** The session the guard attached to `request`; throws if the route is public (a programming error). */
export function sessionOf(request: FastifyRequest): SessionRow {
  const session = sessions.get(request);
  if (!session) throw new Error("route has no session (public route?)");
  return session;
}

/** Reads the `access` of a route's config; default `unlocked`. */
function accessOf(request: FastifyRequest): Access {
  const config: unknown = request.routeOptions.config;
  if (typeof config === "object" && config !== null && "access" in config) {
    if (config.access === "public" || config.access === "allowLocked") return config.access;
  }
  return "unlocked";
}

/**
 * An onRequest hook resolving the cookie's session per the route's `config.access`; throws HubErrors.
 * A request refused for having no valid session (AUTH_NO_SESSION, AUTH_SESSION_REVOKED) that carried
 * the session or sign-in hint cookie has both cleared in the 401 answer, so the browser stops
 * presenting a dead session and the dashboard stops asking (docs/contract.md "Session cookie").
 */
export function sessionGuard(auth: AuthService) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const access = accessOf(request);
    if (access === "public") return;
    try {
      sessions.set(request, auth.resolve(request.cookies[SESSION_COOKIE], access === "allowLocked"));
    } catch (error) {
      const noSession =
        error instanceof HubError && (error.code === "AUTH_NO_SESSION" || error.code === "AUTH_SESSION_REVOKED");
      if (
        noSession &&
        (request.cookies[SESSION_COOKIE] !== undefined || request.cookies[SIGNED_IN_COOKIE] !== undefined)
      )
        clearSessionCookie(request, reply);
      throw error;
    }
  };
}

/**
 * True when the browser reached the hub over HTTPS: directly, or through a proxy listed in
 * HUB_TRUST_PROXY that says `X-Forwarded-Proto: https` (Fastify's `trustProxy`; the header from
 * anyone else is ignored: a forged X-Forwarded-* counts for nothing).
 */
export function isHttps(request: FastifyRequest): boolean {
  return request.protocol === "https";
}

/**
 * Sets the session cookie (HttpOnly, SameSite=Strict, Path=/, Secure over HTTPS, Max-Age 180 days)
 * and the sign-in hint `hub_signed_in=1` beside it (the same, but readable by script: it says only
 * that this browser may hold a session). Set again on every validation, so a session in use keeps
 * its cookies as long as the hub keeps the session (180 days unused).
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const options: CookieSerializeOptions = {
    httpOnly: true,
    sameSite: "strict",
    path: "/",
    secure: isHttps(request),
    maxAge: COOKIE_MAX_AGE_S,
  };
  reply.setCookie(SESSION_COOKIE, token, options);
  reply.setCookie(SIGNED_IN_COOKIE, "1", { ...options, httpOnly: false });
}

/** Clears the session cookie and the sign-in hint (logout, revoked or unknown session) with the attributes they were set with. */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  const options: CookieSerializeOptions = { httpOnly: true, sameSite: "strict", path: "/", secure: isHttps(request) };
  reply.clearCookie(SESSION_COOKIE, options);
  reply.clearCookie(SIGNED_IN_COOKIE, { ...options, httpOnly: false });
}
