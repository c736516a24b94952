import type { FastifyInstance } from "fastify";
import { DEFAULT_API_BASES, type ApiBaseName } from "../contract/paths";
import type { AuthService } from "./auth/auth-service";
import type { DomainRoutes, HubDomain } from "./core/domain";
import { HUB_DOMAINS } from "./domains";
import { assertAllowedOrigin } from "./http/origin";
import { sessionGuard } from "./http/session-guard";

/** A route set of a hub domain (core/domain.ts `routes`): `cameras`, `camerasV5` and `camerasConfig` are hub/cameras's three. */
export type DomainName = string;

export type { DomainRoutes } from "./core/domain";

/**
 * Each spec base (spec §7, docs/contract.md "HTTP") and the route sets of `domains` it serves, in
 * list order: a domain's `routes` names the bases of each of its route sets (the general API is
 * served under both `/api/v2` and `/api/v1`). A base no listed domain serves has none.
 */
export function apiBaseTable(domains: readonly HubDomain[]): Readonly<Record<ApiBaseName, readonly DomainName[]>> {
  const table = Object.fromEntries(Object.keys(DEFAULT_API_BASES).map((base) => [base, [] as DomainName[]])) as Record<
    ApiBaseName,
    DomainName[]
  >;
  for (const domain of domains)
    for (const [set, bases] of Object.entries(domain.routes ?? {})) for (const base of bases) table[base].push(set);
  return table;
}

/** THE table of the hub's API: the bases of every domain of hub/domains.ts. */
export const API_BASE_DOMAINS: Readonly<Record<ApiBaseName, readonly DomainName[]>> = apiBaseTable(HUB_DOMAINS);

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
 * Registers every base of `table` (default {@link API_BASE_DOMAINS}) at its path (DEFAULT_API_BASES
 * of the contract), each behind one session guard (per route `config.access`), with the routes of its
 * route sets; the bases of {@link ORIGIN_CHECKED_BASES} check the Origin of every request first.
 * @throws Error when a route set of the table has no routes in `routes`.
 */
export async function registerApiBases(
  app: FastifyInstance,
  auth: AuthService,
  routes: ReadonlyMap<DomainName, DomainRoutes>,
  table: Readonly<Record<ApiBaseName, readonly DomainName[]>> = API_BASE_DOMAINS,
): Promise<void> {
  for (const [base, domains] of Object.entries(table) as [ApiBaseName, readonly DomainName[]][]) {
    await app.register(
      async (scope) => {
        if (ORIGIN_CHECKED_BASES.has(base)) scope.addHook("onRequest", async (request) => assertAllowedOrigin(request));
        scope.addHook("onRequest", sessionGuard(auth));
        for (const domain of domains) {
          const plugin = routes.get(domain);
          if (!plugin) throw new Error(`route set ${domain} declared but not started`);
          await scope.register(plugin);
        }
      },
      { prefix: DEFAULT_API_BASES[base] },
    );
  }
}
