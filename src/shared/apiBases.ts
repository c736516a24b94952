import * as v from "valibot";
import { DEFAULT_API_BASES as CONTRACT_API_BASES } from "../../contract/paths";

/**
 * The API bases of the dashboard (spec §7, docs/contract.md "HTTP"). Shared by the app (which
 * resolves them, src/lib/api/bases.ts) and the service worker (which routes the GETs under them).
 */
export type ApiBases = {
  /** Authentication service v1: sessions, PIN lock, preferences, settings. */
  auth: string;
  /** General API v2. */
  general: string;
  /** General API v1. */
  generalV1: string;
  /** Camera API v1. */
  cameras: string;
  /** Camera API v5. */
  camerasV5: string;
  /** Garage API v1 (garage and gate). */
  garage: string;
};

/** Same-origin defaults (DESIGN §2): the contract's, which the hub serves. */
export const DEFAULT_API_BASES: Readonly<ApiBases> = CONTRACT_API_BASES;

/** The names of the bases, in a fixed order. */
export const API_BASE_KEYS = Object.keys(DEFAULT_API_BASES) as ReadonlyArray<keyof ApiBases>;

/** A base: a same-origin path ("/api/v2") or an absolute http(s) URL, without query or fragment. */
export const ApiBaseSchema = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^(\/|https?:\/\/)[^\s?#]*$/, "must be a path starting with / or an http(s) URL"),
);

/** A valid base without its trailing slashes ("/" stays "/"), or undefined when `value` is not one. */
export function normalizeApiBase(value: unknown): string | undefined {
  const parsed = v.safeParse(ApiBaseSchema, value);
  return parsed.success ? parsed.output.replace(/\/+$/, "") || "/" : undefined;
}

/** Query parameter of the service worker's script URL that carries the bases (JSON). */
export const SW_API_BASES_PARAM = "apiBases";

/**
 * The service worker's script URL for these bases: `script` itself when they are the defaults (the
 * usual same-origin deployment keeps `/sw.js`), else `script?apiBases=<JSON>`, so the worker routes
 * the GETs under the bases the app really uses (DESIGN §2: one build serves any deployment).
 */
export function serviceWorkerUrl(script: string, bases: Readonly<ApiBases>): string {
  if (API_BASE_KEYS.every((key) => bases[key] === DEFAULT_API_BASES[key])) return script;
  return `${script}?${SW_API_BASES_PARAM}=${encodeURIComponent(JSON.stringify(bases))}`;
}

/**
 * The bases a service worker was registered with, read from its own URL's query (see
 * {@link serviceWorkerUrl}); each missing or invalid base falls back to its default. Never throws.
 */
export function apiBasesFromSearch(search: string): ApiBases {
  const bases: ApiBases = { ...DEFAULT_API_BASES };
  const raw = new URLSearchParams(search).get(SW_API_BASES_PARAM);
  if (raw === null) return bases;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return bases;
  }
  if (typeof parsed !== "object" || parsed === null) return bases;
  for (const key of API_BASE_KEYS)
    bases[key] = normalizeApiBase((parsed as Record<string, unknown>)[key]) ?? bases[key];
  return bases;
}

/**
 * Which base `url` is under: the longest base whose absolute form (a path base resolved against
 * `origin`) is a path prefix of the URL, segment-wise (`/api/v2` holds `/api/v2/config`, not
 * `/api/v20`). Null when none.
 */
export function apiBaseOf(url: URL, bases: Readonly<ApiBases>, origin: string): keyof ApiBases | null {
  const target = url.origin + url.pathname;
  let best: { key: keyof ApiBases; length: number } | null = null;
  for (const key of API_BASE_KEYS) {
    let prefix: string;
    try {
      const resolved = new URL(bases[key], origin);
      prefix = (resolved.origin + resolved.pathname).replace(/\/+$/, "");
    } catch {
      continue;
    }
    const under = target === prefix || target.startsWith(`${prefix}/`);
    if (under && (best === null || prefix.length > best.length)) best = { key, length: prefix.length };
  }
  return best?.key ?? null;
}
