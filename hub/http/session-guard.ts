import type { CookieSerializeOptions } from "@fastify/cookie";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AuthService } from "../auth/auth-service";
import type { SessionRow } from "../auth/session-store";

/** Name of the session cookie (docs/contract.md). */
export const SESSION_COOKIE = "hub_session";
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

/** An onRequest hook resolving the cookie's session per the route's `config.access`; throws HubErrors. */
export function sessionGuard(auth: AuthService) {
  return async (request: FastifyRequest): Promise<void> => {
    const access = accessOf(request);
    if (access === "public") return;
    sessions.set(request, auth.resolve(request.cookies[SESSION_COOKIE], access === "allowLocked"));
  };
}

/**
 * True when the browser reached the hub over HTTPS: directly, or through a proxy listed in
 * HUB_TRUST_PROXY that says `X-Forwarded-Proto: https` (Fastify's `trustProxy`; the header from
 * anyone else is ignored, issue 7, forged X-Forwarded-*).
 */
export function isHttps(request: FastifyRequest): boolean {
  return request.protocol === "https";
}

/** Sets the session cookie: HttpOnly, SameSite=Strict, Path=/, Secure over HTTPS. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const options: CookieSerializeOptions = { httpOnly: true, sameSite: "strict", path: "/", secure: isHttps(request), maxAge: COOKIE_MAX_AGE_S };
  reply.setCookie(SESSION_COOKIE, token, options);
}

/** Clears the session cookie (logout, revoked session) with the same attributes it was set with. */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: "strict", path: "/", secure: isHttps(request) });
}

