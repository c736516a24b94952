import * as v from "valibot";
import {
  API_BASE_KEYS,
  ApiBaseSchema,
  DEFAULT_API_BASES,
  normalizeApiBase,
  type ApiBases,
} from "../../shared/apiBases";

export { DEFAULT_API_BASES, type ApiBases } from "../../shared/apiBases";

/** Build-time variable of each base: `VITE_API_AUTH`, `VITE_API_GENERAL`, `VITE_API_GENERAL_V1`, ... */
export const API_BASE_ENV: Readonly<Record<keyof ApiBases, string>> = {
  auth: "VITE_API_AUTH",
  general: "VITE_API_GENERAL",
  generalV1: "VITE_API_GENERAL_V1",
  cameras: "VITE_API_CAMERAS",
  camerasV5: "VITE_API_CAMERAS_V5",
  garage: "VITE_API_GARAGE",
};

/** `window.__DASHBOARD_CONFIG__` as far as the API bases go; other fields are ignored. */
const RuntimeConfigSchema = v.looseObject({ apiBases: v.optional(v.record(v.string(), v.unknown())) });

declare global {
  interface Window {
    /** Runtime override file (e.g. /config.js), read at start-up; see README. */
    __DASHBOARD_CONFIG__?: unknown;
  }
}

type Sources = {
  /** Build-time env (import.meta.env by default). */
  env?: Record<string, unknown>;
  /** Runtime config (window.__DASHBOARD_CONFIG__ by default). */
  runtime?: unknown;
  /** Where bad values are reported (console.warn by default). */
  warn?: (message: string) => void;
};

function pick(value: unknown, where: string, warn: (message: string) => void): string | undefined {
  if (value === undefined || value === "") return undefined;
  const base = normalizeApiBase(value);
  if (base !== undefined) return base;
  const parsed = v.safeParse(ApiBaseSchema, value);
  warn(
    `Ignoring API base ${where}=${JSON.stringify(value)}: ${parsed.success ? "invalid" : (parsed.issues[0]?.message ?? "invalid")}`,
  );
  return undefined;
}

/**
 * The API bases in effect (DESIGN §2): defaults, overridden at build time by `VITE_API_<NAME>`
 * env variables, overridden at run time by `window.__DASHBOARD_CONFIG__.apiBases.<name>`. Values are
 * validated; a bad one is ignored with a warning, never thrown.
 */
export function resolveApiBases(sources: Sources = {}): ApiBases {
  const warn = sources.warn ?? ((message: string) => console.warn(message));
  const env: Record<string, unknown> = sources.env ?? import.meta.env;
  const runtimeInput =
    "runtime" in sources ? sources.runtime : typeof window === "undefined" ? undefined : window.__DASHBOARD_CONFIG__;
  const runtime = v.safeParse(RuntimeConfigSchema, runtimeInput ?? {});
  if (!runtime.success) warn("Ignoring window.__DASHBOARD_CONFIG__: not an object");
  const overrides = runtime.success ? (runtime.output.apiBases ?? {}) : {};
  const bases: ApiBases = { ...DEFAULT_API_BASES };
  for (const key of API_BASE_KEYS) {
    const fromEnv = pick(env[API_BASE_ENV[key]], API_BASE_ENV[key], warn);
    const fromRuntime = pick(overrides[key], `__DASHBOARD_CONFIG__.apiBases.${key}`, warn);
    bases[key] = fromRuntime ?? fromEnv ?? bases[key];
  }
  return bases;
}
