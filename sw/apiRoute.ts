import { apiBaseOf, DEFAULT_API_BASES, type ApiBases } from "../src/shared/apiBases";
import { isGatewayFailure } from "../src/shared/http";
import { CACHE_FETCHED_AT_HEADER, OFFLINE_ERROR_CODE } from "../src/shared/messages";
import {
  CACHED_HEADER_NAMES,
  getApiResponse,
  putApiResponse,
  type ApiCacheLimits,
  type DashboardDb,
} from "../src/shared/db";

/**
 * The service worker's handling of API GETs (DESIGN.md §5): network first with
 * a short timeout, every successful JSON answer stored in the Dexie table `apiResponses`, and the
 * stored answer served (with header `X-Cache-Fetched-At: <ISO>`) when the network fails, is slower
 * than the timeout, or a gateway in front of the hub answers 502/503/504. With no stored answer the
 * reply is `503 {"code":"OFFLINE"}`. Writes (POST, PATCH, PUT, DELETE) are never routed here.
 */

/** Dependencies of {@link handleApiGet} (injected so tests run without a service worker). */
export interface ApiGetDeps {
  db: DashboardDb;
  fetch: (request: Request) => Promise<Response>;
  /** Epoch ms. */
  now: () => number;
  /** Keeps the worker alive for background work (the cache write after a late network answer). */
  waitUntil: (promise: Promise<unknown>) => void;
  /** Network timeout before the stored answer is used, ms. Default {@link NETWORK_TIMEOUT_MS}. */
  timeoutMs?: number;
  limits?: ApiCacheLimits;
}

/** Network timeout before falling back to the stored answer: 3 s. */
export const NETWORK_TIMEOUT_MS = 3000;

/**
 * True for the requests this module handles: GETs under one of the API `bases` the app was
 * registered with (default: the same-origin paths of DESIGN §2; see `serviceWorkerUrl` in
 * src/shared/apiBases.ts), except the auth base, whose answers are never cached, with one exception:
 * `GET <auth>/preferences`, and the camera bases' live streams and snapshots (`/live/`). A path base is resolved against `origin`, so other origins are left alone
 * unless a base names them.
 */
export function isCacheableApiGet(
  url: URL,
  method: string,
  origin: string,
  bases: Readonly<ApiBases> = DEFAULT_API_BASES,
): boolean {
  if (method !== "GET") return false;
  const base = apiBaseOf(url, bases, origin);
  if (base === null) return false;
  if (base === "auth") return url.pathname.endsWith("/preferences");
  // Live camera streams and snapshots go straight to the network: never raced, never stored.
  if ((base === "cameras" || base === "camerasV5") && url.pathname.includes("/live/")) return false;
  return true;
}

/**
 * Navigations the precached index.html must not answer: the same-origin API bases, `/mqtt` and the
 * hub's onboarding page and downloads (`/ca`, `/ca.crt`, `/ca.mobileconfig`, docs/contract.md
 * "Onboarding") (regular expressions for workbox's NavigationRoute denylist).
 */
export function navigationDenylist(bases: Readonly<ApiBases> = DEFAULT_API_BASES): RegExp[] {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const paths = Object.values(bases).filter((base) => base.startsWith("/") && base !== "/");
  return [/^\/api\//, /^\/mqtt/, /^\/ca(\.[a-z]+)?(\?|$)/, ...paths.map((path) => new RegExp(`^${escape(path)}(/|$)`))];
}

type Outcome = { kind: "response"; response: Response } | { kind: "failed" } | { kind: "timeout" };

/**
 * Answers one API GET. Never rejects: a network failure becomes the stored answer or the 503
 * OFFLINE JSON answer. 4xx and 500 answers from the hub are passed through untouched (a real 401 must
 * reach the app) and never stored.
 */
export async function handleApiGet(request: Request, deps: ApiGetDeps): Promise<Response> {
  const network = deps.fetch(request).then(
    (response): Outcome => {
      if (isStorable(response)) deps.waitUntil(store(response.clone(), request.url, deps));
      return { kind: "response", response };
    },
    (): Outcome => ({ kind: "failed" }),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve({ kind: "timeout" }), deps.timeoutMs ?? NETWORK_TIMEOUT_MS);
  });
  const first = await Promise.race([network, timeout]);
  clearTimeout(timer);

  if (first.kind === "response" && !isGatewayFailure(first.response.status)) return first.response;
  const cached = await readCached(request.url, deps);
  if (cached) return cached;
  const final = first.kind === "timeout" ? await network : first;
  return final.kind === "response" ? final.response : offlineResponse();
}

function isStorable(response: Response): boolean {
  const type = response.headers.get("content-type") ?? "";
  return response.ok && response.status !== 204 && /\bjson\b/i.test(type);
}

async function store(response: Response, url: string, deps: ApiGetDeps): Promise<void> {
  try {
    const body = await response.text();
    JSON.parse(body);
    const headers: Record<string, string> = {};
    for (const name of CACHED_HEADER_NAMES) {
      const value = response.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    await putApiResponse(deps.db, { url, status: response.status, body, headers, fetchedAt: deps.now() }, deps.limits);
  } catch (error) {
    console.warn("[sw] API answer not cached", url, error);
  }
}

async function readCached(url: string, deps: ApiGetDeps): Promise<Response | undefined> {
  try {
    const row = await getApiResponse(deps.db, url, deps.now(), deps.limits);
    if (!row) return undefined;
    const headers = new Headers(row.headers);
    headers.set(CACHE_FETCHED_AT_HEADER, new Date(row.fetchedAt).toISOString());
    return new Response(row.body, { status: row.status, headers });
  } catch (error) {
    console.warn("[sw] API cache unreadable", url, error);
    return undefined;
  }
}

/** The answer when the network is down and nothing is stored: 503 `{code: "OFFLINE", message}`. */
export function offlineResponse(): Response {
  const body = JSON.stringify({
    code: OFFLINE_ERROR_CODE,
    message: "No connection to the server and no stored answer",
  });
  return new Response(body, {
    status: 503,
    statusText: "Service Unavailable",
    headers: { "content-type": "application/json" },
  });
}
