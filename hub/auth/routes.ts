import type { FastifyInstance } from "fastify";
import {
  AUTH_PATHS,
  LoginBodySchema,
  LogoutBodySchema,
  UnlockBodySchema,
  type LockAnswer,
  type LoginAnswer,
  type LogoutAnswer,
  type SessionList,
} from "../../contract/auth";
import { HubError } from "../core/errors";
import { parseBody } from "../http/body";
import { clearSessionCookie, SESSION_COOKIE, sessionOf, setSessionCookie } from "../http/session-guard";
import type { AuthService } from "./auth-service";

/**
 * Login and session routes of the authentication base (spec §7 "Authentication and session",
 * docs/contract.md; shapes in contract/auth.ts): POST /auth, POST /session/validate,
 * POST /session/unlock, POST /session/lock, DELETE /session, GET /session/all. The base's session
 * guard (hub/api-bases.ts) runs first, per each route's `config.access`.
 */
export function authRoutes({ auth }: { auth: AuthService }) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post(AUTH_PATHS.login, { config: { access: "public" } }, async (request, reply) => {
      const body = parseBody(LoginBodySchema, request.body);
      let result: Awaited<ReturnType<typeof auth.login>>;
      try {
        result = await auth.login(body.login, body.password, body.sessionName, request.ip);
      } catch (error) {
        // Every password really checked and refused is logged (at most about one a minute per login
        // and per address once the login limit delays them); refused-unchecked ones only at debug.
        if (error instanceof HubError && error.code === "AUTH_BAD_USER_OR_PWD")
          request.log.warn(
            { login: body.login.slice(0, 100), ip: request.ip },
            "login failed: wrong login or password",
          );
        if (error instanceof HubError && error.code === "AUTH_LOGIN_DELAY")
          request.log.debug(
            { login: body.login.slice(0, 100), ip: request.ip, retryAfterMs: error.extra.retryAfterMs },
            "login refused unchecked: rate limit",
          );
        throw error;
      }
      const { session, token } = result;
      setSessionCookie(request, reply, token);
      return { item: { login: session.login, hash: session.hash } } satisfies LoginAnswer;
    });

    // The cookies are set again (sliding Max-Age; the hint for a session issued before it existed).
    app.post(AUTH_PATHS.validate, async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) setSessionCookie(request, reply, token);
      const session = sessionOf(request);
      return { item: { login: session.login, hash: session.hash } } satisfies LoginAnswer;
    });

    app.post(AUTH_PATHS.unlock, { config: { access: "allowLocked" } }, async (request, reply) => {
      const body = parseBody(UnlockBodySchema, request.body);
      const session = sessionOf(request);
      if (!session.locked) throw new HubError("BAD_REQUEST", "Session is not locked");
      try {
        const { token } = await auth.unlock(session, body.pin);
        setSessionCookie(request, reply, token);
      } catch (error) {
        if (error instanceof HubError && error.code === "AUTH_SESSION_REVOKED") clearSessionCookie(request, reply);
        throw error;
      }
      return { item: { login: session.login, hash: session.hash } } satisfies LoginAnswer;
    });

    app.post(AUTH_PATHS.lock, async (request) => {
      auth.lock(sessionOf(request));
      return { item: { locked: true } } satisfies LockAnswer;
    });

    app.delete(AUTH_PATHS.session, { config: { access: "allowLocked" } }, async (request, reply) => {
      const body = parseBody(LogoutBodySchema, request.body);
      const current = sessionOf(request);
      if (body.hash === undefined || body.hash === current.hash) {
        auth.revoke(current);
        clearSessionCookie(request, reply);
        return { item: { revoked: current.hash } } satisfies LogoutAnswer;
      }
      if (current.locked) throw new HubError("AUTH_SESSION_LOCKED", "Session locked");
      const target = auth.byHash(current.login, body.hash);
      auth.revoke(target);
      return { item: { revoked: target.hash } } satisfies LogoutAnswer;
    });

    app.get(AUTH_PATHS.all, async (request) => {
      const current = sessionOf(request);
      return {
        items: auth.list(current.login).map((s) => ({
          hash: s.hash,
          sessionName: s.sessionName,
          createdAt: s.createdAt,
          lastSeenAt: s.lastSeenAt,
          locked: s.locked,
          current: s.id === current.id,
        })),
      } satisfies SessionList;
    });
  };
}
