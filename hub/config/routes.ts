import * as v from "valibot";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { HubContext } from "../context";
import { SwitchGroupSchema } from "../household/schema";
import { isHttps, sessionGuard } from "./session-guard";

const HOST_HEADER = /^[A-Za-z0-9.\-:[\]]{1,255}$/;

/**
 * `ws(s)://<host>/mqtt` for the embedded broker (docs/contract.md "GET /config"): the request's
 * Host, or X-Forwarded-Host and X-Forwarded-Proto only from a proxy listed in HUB_TRUST_PROXY
 * (Fastify's `trustProxy`; from anyone else they are ignored: issue 7, a forged
 * X-Forwarded-Host handed out `wss://evil.example:1883/mqtt`). A host that is not a plain
 * host[:port] becomes `localhost`.
 */
export function mqttUrlFromRequest(request: FastifyRequest): string {
  const candidate = request.host;
  const host = candidate && HOST_HEADER.test(candidate) ? candidate : "localhost";
  return `${isHttps(request) ? "wss" : "ws"}://${host}/mqtt`;
}

/**
 * General API routes, registered on both `/api/v2` and `/api/v1` (spec §7 "Configuration"):
 * GET /config, GET /config/switches, GET /config/sensors, and GET /bridge/stats (our addition).
 * The switches list is the `switchesList` setting when one is stored and valid, else the household's.
 */
export function generalRoutes(ctx: HubContext) {
  return async (app: FastifyInstance): Promise<void> => {
    app.addHook("onRequest", sessionGuard(ctx.auth));

    app.get("/config", async (request) => {
      const stored = v.safeParse(v.array(SwitchGroupSchema), ctx.settings.get("switchesList"));
      return {
        item: {
          mqttConnectionString: ctx.mqttWsUrl ?? mqttUrlFromRequest(request),
          switchesList: stored.success ? stored.output : ctx.household.switchesList,
        },
      };
    });

    app.get("/config/switches", async () => ({
      items: ctx.household.switches.map((s) => ({ name: s.name, label: s.label, purpose: s.purpose })),
    }));

    app.get("/config/sensors", async () => ({ items: ctx.household.sensors }));

    app.get("/bridge/stats", async () => ({ item: { ...ctx.bridgeStats, ...(ctx.brokerLimitStats ? { brokerLimits: { ...ctx.brokerLimitStats } } : {}) } }));
  };
}

/** Reserved bases (`/api/cameras/v1`, `/api/cameras/v5`, `/api/garage/v1`): authenticated, every path 404 NOT_FOUND for now. */
export function reservedRoutes(ctx: HubContext, what: string) {
  return async (app: FastifyInstance): Promise<void> => {
    app.addHook("onRequest", sessionGuard(ctx.auth));
    app.all("/*", async (_request, reply) => reply.code(404).send({ code: "NOT_FOUND", message: `${what} are not available in this hub yet` }));
  };
}
