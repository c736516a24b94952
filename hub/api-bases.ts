import type { FastifyInstance } from "fastify";
import { DEFAULT_API_BASES, type ApiBaseName } from "../contract/paths";
import type { AuthService } from "./auth/auth-service";
import { assertAllowedOrigin } from "./http/origin";
import { sessionGuard } from "./http/session-guard";

/** A hub domain that serves HTTP routes (one folder each under hub/; `cameras` and `camerasV5` are hub/cameras reserved on for the camera bases v1 and v5 now). */
export type DomainName =
  | "auth"
  | "preferences"
  | "settings"
  | "config"
  | "bridge"
  | "cameras"
  | "garage"
  | "lights"
  | "switches"
  | "watchdog"
  | "gps"
  | "ir"
  | "history"
  | "automations"
  | "camerasV5"
  | "pv"
  | "climate"
  | "camerasConfig"
  | "devices";

/** A domain's routes, as a Fastify plugin registered under each base that serves the domain. */
export type DomainRoutes = (app: FastifyInstance) => Promise<void>;

/** The domains of the general API, served under both `/api/v2` and `/api/v1`. */
const GENERAL_DOMAINS: readonly DomainName[] = [
  "config",
  "bridge",
  "lights",
  "switches",
  "watchdog",
  "gps",
  "ir",
  "history",
  "automations",
  "pv",
  "climate",
  "camerasConfig",
  "devices",
];

/**
 * THE table of the hub's API (spec §7, docs/contract.md "HTTP"): each spec base and the domains it
 * serves. The general API is served under both `/api/v2` and `/api/v1`. A new domain gets a row here.
 */
export const API_BASE_DOMAINS: Readonly<Record<ApiBaseName, readonly DomainName[]>> = {
  auth: ["auth", "preferences", "settings"],
  general: GENERAL_DOMAINS,
  generalV1: GENERAL_DOMAINS,
  cameras: ["cameras"],
  camerasV5: ["camerasV5"],
  garage: ["garage"],
};

/**
 * Bases whose reads also come only from the hub's own page (docs/contract.md "Cameras"): the camera
 * bases, whose GETs open streams, render snapshots and proxy real cameras. Every request to them,
 * GET and HEAD included, passes the Origin check of writes (http/origin.ts) before its session is
 * looked up: another site's page (`Origin`, `Sec-Fetch-Site: cross-site|same-site`) gets 403
 * FORBIDDEN_ORIGIN, while the hub's own `<img>`, `fetch` and hls.js loads (`same-origin`, no
 * `Origin` on a GET) and clients without these headers (curl) pass.
 */
export const ORIGIN_CHECKED_BASES: ReadonlySet<ApiBaseName> = new Set(["cameras", "camerasV5"]);

/**
 * Registers every base of {@link API_BASE_DOMAINS} at its path (DEFAULT_API_BASES of the contract),
 * each behind one session guard (per route `config.access`), with the routes of its domains; the
 * bases of {@link ORIGIN_CHECKED_BASES} check the Origin of every request first.
 */
export async function registerApiBases(
  app: FastifyInstance,
  auth: AuthService,
  routes: Readonly<Record<DomainName, DomainRoutes>>,
): Promise<void> {
  for (const [base, domains] of Object.entries(API_BASE_DOMAINS) as [ApiBaseName, readonly DomainName[]][]) {
    await app.register(
      async (scope) => {
        if (ORIGIN_CHECKED_BASES.has(base)) scope.addHook("onRequest", async (request) => assertAllowedOrigin(request));
        scope.addHook("onRequest", sessionGuard(auth));
        for (const domain of domains) await scope.register(routes[domain]);
      },
      { prefix: DEFAULT_API_BASES[base] },
    );
  }
}
