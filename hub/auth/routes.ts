import * as v from "valibot";
import type { FastifyInstance } from "fastify";
import type { HubContext } from "../context";
import { PreferencesPatchSchema } from "../store/preferences";
import { SettingKeySchema } from "../store/settings";
import { parseBody } from "./body";
import { HubError } from "../core/errors";
import { applySetting, settingJson } from "./settings-value";
import { clearSessionCookie, sessionGuard, sessionOf, setSessionCookie } from "./session-guard";

const Text = v.pipe(v.string(), v.minLength(1), v.maxLength(200));
const LoginBody = v.object({ login: Text, password: Text, sessionName: Text });
const UnlockBody = v.object({ pin: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER)) });
const DeleteBody = v.object({ hash: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(64))) });
const PreferencesBody = v.object({ preferences: PreferencesPatchSchema });
const SettingsBody = v.object({
  key: SettingKeySchema,
  value: v.unknown(),
  idsToRemove: v.optional(v.array(v.union([v.string(), v.number()]))),
});

/**
 * Routes of `/api/auth/v1` (spec §7 "Authentication and session", docs/contract.md): POST /auth,
 * POST /session/validate, POST /session/unlock, POST /session/lock, DELETE /session,
 * GET /session/all, GET|PATCH /preferences, PATCH /settings.
 */
export function authRoutes(ctx: HubContext) {
  return async (app: FastifyInstance): Promise<void> => {
    app.addHook("onRequest", sessionGuard(ctx.auth));

    app.post("/auth", { config: { access: "public" } }, async (request, reply) => {
      const body = parseBody(LoginBody, request.body);
      let result: Awaited<ReturnType<typeof ctx.auth.login>>;
      try {
        result = await ctx.auth.login(body.login, body.password, body.sessionName, request.ip);
      } catch (error) {
        // Every password really checked and refused is logged (at most about one a minute per login
        // and per address once the login limit delays them); refused-unchecked ones only at debug.
        if (error instanceof HubError && error.code === "AUTH_BAD_USER_OR_PWD") request.log.warn({ login: body.login.slice(0, 100), ip: request.ip }, "login failed: wrong login or password");
        if (error instanceof HubError && error.code === "AUTH_LOGIN_DELAY") request.log.debug({ login: body.login.slice(0, 100), ip: request.ip, retryAfterMs: error.extra.retryAfterMs }, "login refused unchecked: rate limit");
        throw error;
      }
      const { session, token } = result;
      setSessionCookie(request, reply, token);
      return { item: { login: session.login } };
    });

    app.post("/session/validate", async (request) => ({ item: { login: sessionOf(request).login } }));

    app.post("/session/unlock", { config: { access: "allowLocked" } }, async (request, reply) => {
      const body = parseBody(UnlockBody, request.body);
      const session = sessionOf(request);
      if (!session.locked) throw new HubError("BAD_REQUEST", "Session is not locked");
      try {
        const { token } = await ctx.auth.unlock(session, body.pin);
        setSessionCookie(request, reply, token);
      } catch (error) {
        if (error instanceof HubError && error.code === "AUTH_SESSION_REVOKED") clearSessionCookie(request, reply);
        throw error;
      }
      return { item: { login: session.login } };
    });

    app.post("/session/lock", async (request) => {
      ctx.auth.lock(sessionOf(request));
      return { item: { locked: true } };
    });

    app.delete("/session", { config: { access: "allowLocked" } }, async (request, reply) => {
      const body = parseBody(DeleteBody, request.body);
      const current = sessionOf(request);
      if (body.hash === undefined || body.hash === current.hash) {
        ctx.auth.revoke(current);
        clearSessionCookie(request, reply);
        return { item: { revoked: current.hash } };
      }
      if (current.locked) throw new HubError("AUTH_SESSION_LOCKED", "Session locked");
      const target = ctx.auth.byHash(current.login, body.hash);
      ctx.auth.revoke(target);
      return { item: { revoked: target.hash } };
    });

    app.get("/session/all", async (request) => {
      const current = sessionOf(request);
      return {
        items: ctx.auth.list(current.login).map((s) => ({
          hash: s.hash,
          sessionName: s.sessionName,
          createdAt: s.createdAt,
          lastSeenAt: s.lastSeenAt,
          locked: s.locked,
          current: s.id === current.id,
        })),
      };
    });

    app.get("/preferences", async (request) => ({ item: ctx.preferences.get(sessionOf(request).login) }));

    app.patch("/preferences", async (request) => {
      const body = parseBody(PreferencesBody, request.body);
      return { item: ctx.preferences.patch(sessionOf(request).login, body.preferences) };
    });

    app.patch("/settings", async (request) => {
      const body = parseBody(SettingsBody, request.body);
      if (body.value === undefined) throw new HubError("BAD_REQUEST", "value: required");
      const value = applySetting(body.key, body.value, body.idsToRemove);
      const json = settingJson(value);
      ctx.settings.set(body.key, value);
      ctx.link.publish(`settings/${body.key}`, json, { retain: true, qos: 1 });
      return { item: { key: body.key, value } };
    });
  };
}
