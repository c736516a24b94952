import { isIP } from "node:net";
import * as v from "valibot";
import type { HubOptions } from "./server";
import type { TlsSettings } from "./tls/certificates";
import { isCertificateName } from "./tls/names";

const Port = (name: string, fallback: string, min: number) =>
  v.pipe(
    v.optional(v.string(), fallback),
    v.regex(/^\d{1,5}$/, `${name} must be a port number`),
    v.transform(Number),
    v.check((n) => n >= min && n <= 65535, `${name} must be between ${min} and 65535`),
  );

/** An optional whole number from `min` to `max` (a broker limit, README "Environment"). */
const Count = (name: string, min: number, max: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,9}$/, `${name} must be a whole number`),
      v.transform(Number),
      v.check((n) => n >= min && n <= max, `${name} must be between ${min} and ${max}`),
    ),
  );

const Flag = (name: string) => v.optional(v.picklist(["0", "1", "true", "false", ""], `${name} must be 0 or 1`));

const BrokerUrl = (name: string, protocols: readonly string[]) =>
  v.optional(
    v.pipe(
      v.string(),
      v.url(`${name} must be a URL`),
      v.check(
        (url) => protocols.some((p) => url.startsWith(`${p}://`)),
        `${name} must start with ${protocols.map((p) => `${p}://`).join(" or ")}`,
      ),
    ),
  );

/**
 * Whether one HUB_TRUST_PROXY entry is `loopback`, an IP address or a CIDR range (`10.0.0.0/8`,
 * `fd00::/8`): the forms Fastify's `trustProxy` (proxy-addr) understands.
 */
export function isTrustProxyEntry(entry: string): boolean {
  if (entry === "loopback") return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** A comma-separated list's entries, each trimmed, empty ones dropped (`" a, ,b "` -> `["a", "b"]`). */
const commaSeparated = (list: string): string[] =>
  list
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");

/** HUB_TRUST_PROXY: comma-separated proxies whose X-Forwarded-* headers count; unset = none. */
const TrustProxy = v.optional(
  v.pipe(
    v.string(),
    v.transform(commaSeparated),
    v.check(
      (entries) => entries.length > 0 && entries.every(isTrustProxyEntry),
      "HUB_TRUST_PROXY must be a comma-separated list of IP addresses, CIDR ranges (10.0.0.0/8) or loopback",
    ),
  ),
);

/** HUB_TLS_NAMES: comma-separated extra DNS names or IP addresses for the hub's own certificate. */
const TlsNames = v.optional(
  v.pipe(
    v.string(),
    v.transform(commaSeparated),
    v.check(
      (names) => names.every(isCertificateName),
      "HUB_TLS_NAMES must be a comma-separated list of host names (hub.lan) or IP addresses",
    ),
  ),
);

/** Environment variables of the hub (README "Environment"), as strings. */
const EnvSchema = v.object({
  PORT: Port("PORT", "8080", 0),
  HOST: v.optional(v.pipe(v.string(), v.minLength(1)), "0.0.0.0"),
  HUB_DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), "./.hub-data"),
  HUB_DIST_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), "./dist"),
  HUB_MQTT_URL: BrokerUrl("HUB_MQTT_URL", ["mqtt", "mqtts", "tcp", "ssl", "ws", "wss"]),
  HUB_MQTT_WS_URL: BrokerUrl("HUB_MQTT_WS_URL", ["ws", "wss"]),
  HUB_MQTT_PORT: Port("HUB_MQTT_PORT", "1883", 0),
  HUB_MQTTS_PORT: Port("HUB_MQTTS_PORT", "8883", 0),
  HUB_HTTPS_PORT: Port("HUB_HTTPS_PORT", "8443", 0),
  HUB_TLS: v.optional(v.picklist(["on", "off", "1", "0", "true", "false"], "HUB_TLS must be on or off")),
  HUB_TLS_CERT: v.optional(v.pipe(v.string(), v.minLength(1))),
  HUB_TLS_KEY: v.optional(v.pipe(v.string(), v.minLength(1))),
  HUB_TLS_NAMES: TlsNames,
  HUB_MQTT_ALLOW_ANONYMOUS: Flag("HUB_MQTT_ALLOW_ANONYMOUS"),
  HUB_DEMO: Flag("HUB_DEMO"),
  HUB_SIMULATOR: Flag("HUB_SIMULATOR"),
  HUB_SIM_INTERVAL_MS: v.pipe(
    v.optional(v.string(), "5000"),
    v.regex(/^\d{1,9}$/, "HUB_SIM_INTERVAL_MS must be a whole number of milliseconds"),
    v.transform(Number),
    v.check((n) => n >= 100, "HUB_SIM_INTERVAL_MS must be at least 100"),
  ),
  HUB_CONFIG: v.optional(v.pipe(v.string(), v.minLength(1))),
  HUB_TRUST_PROXY: TrustProxy,
  HUB_MQTT_MAX_PAYLOAD: Count("HUB_MQTT_MAX_PAYLOAD", 16, 16 * 1024 * 1024),
  HUB_MQTT_MAX_DEVICE_LIST: Count("HUB_MQTT_MAX_DEVICE_LIST", 1024, 64 * 1024 * 1024),
  HUB_MQTT_MAX_RETAINED_PER_CLIENT: Count("HUB_MQTT_MAX_RETAINED_PER_CLIENT", 1, 10_000_000),
  HUB_MQTT_MAX_RETAINED: Count("HUB_MQTT_MAX_RETAINED", 1, 10_000_000),
  HUB_MQTT_MAX_SUBSCRIPTIONS: Count("HUB_MQTT_MAX_SUBSCRIPTIONS", 1, 1_000_000),
  HUB_DEMO_CAMERA_FPS: Count("HUB_DEMO_CAMERA_FPS", 1, 60),
  HUB_PUSH_OPEN_MINUTES: Count("HUB_PUSH_OPEN_MINUTES", 1, 24 * 60),
  HUB_BACKUP_AT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, "HUB_BACKUP_AT must be a local time HH:MM (00:00 to 23:59)"),
    ),
    "03:30",
  ),
  HUB_BACKUP_KEEP: v.pipe(
    v.optional(v.string(), "7"),
    v.regex(/^\d{1,4}$/, "HUB_BACKUP_KEEP must be a whole number"),
    v.transform(Number),
    v.check((n) => n <= 1000, "HUB_BACKUP_KEEP must be between 0 (off) and 1000"),
  ),
  HUB_BACKUP_DIR: v.optional(v.pipe(v.string(), v.minLength(1))),
  HUB_LOG_LEVEL: v.optional(
    v.picklist(
      ["fatal", "error", "warn", "info", "debug", "trace", "silent"],
      "HUB_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent",
    ),
    "info",
  ),
});

const isOn = (flag: string | undefined) => flag === "1" || flag === "true";

/** Thrown for a bad environment; the message names the variable. */
export class ConfigError extends Error {}

/**
 * Reads HubOptions from environment variables (empty strings count as unset). HUB_SIMULATOR
 * defaults to HUB_DEMO. Throws ConfigError naming the first bad variable, including a
 * HUB_MQTT_URL without HUB_MQTT_WS_URL.
 */
export function readConfig(env: NodeJS.ProcessEnv): HubOptions {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const result = v.safeParse(EnvSchema, present);
  if (!result.success) {
    const issue = result.issues[0];
    const name = issue ? v.getDotPath(issue) : null;
    throw new ConfigError(`${name ?? "environment"}: ${issue?.message ?? "invalid"}`);
  }
  const e = result.output;
  if (e.HUB_MQTT_URL && !e.HUB_MQTT_WS_URL) {
    throw new ConfigError(
      "HUB_MQTT_WS_URL: required when HUB_MQTT_URL is set (the broker's WebSocket URL for browsers, e.g. ws://broker.lan:9001)",
    );
  }
  if ((e.HUB_TLS_CERT === undefined) !== (e.HUB_TLS_KEY === undefined)) {
    throw new ConfigError(
      `${e.HUB_TLS_CERT === undefined ? "HUB_TLS_CERT" : "HUB_TLS_KEY"}: required with ${e.HUB_TLS_CERT === undefined ? "HUB_TLS_KEY" : "HUB_TLS_CERT"} (the household's certificate chain and its key, PEM files)`,
    );
  }
  const tlsOff = e.HUB_TLS === "off" || e.HUB_TLS === "0" || e.HUB_TLS === "false";
  const tls: TlsSettings = tlsOff
    ? { mode: "off" }
    : e.HUB_TLS_CERT !== undefined && e.HUB_TLS_KEY !== undefined
      ? { mode: "household", certPath: e.HUB_TLS_CERT, keyPath: e.HUB_TLS_KEY }
      : { mode: "local", extraNames: e.HUB_TLS_NAMES ?? [] };
  const demo = isOn(e.HUB_DEMO);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.HUB_DATA_DIR,
    distDir: e.HUB_DIST_DIR,
    ...(e.HUB_MQTT_URL ? { mqttUrl: e.HUB_MQTT_URL } : {}),
    ...(e.HUB_MQTT_WS_URL ? { mqttWsUrl: e.HUB_MQTT_WS_URL } : {}),
    mqttPort: e.HUB_MQTT_PORT,
    tls,
    httpsPort: e.HUB_HTTPS_PORT,
    mqttsPort: e.HUB_MQTTS_PORT,
    ...(isOn(e.HUB_MQTT_ALLOW_ANONYMOUS) ? { mqttAllowAnonymous: true } : {}),
    demo,
    simulator: e.HUB_SIMULATOR === undefined ? demo : isOn(e.HUB_SIMULATOR),
    simulatorIntervalMs: e.HUB_SIM_INTERVAL_MS,
    ...(e.HUB_DEMO_CAMERA_FPS !== undefined ? { demoCameraFps: e.HUB_DEMO_CAMERA_FPS } : {}),
    ...(e.HUB_CONFIG ? { householdConfigPath: e.HUB_CONFIG } : {}),
    logLevel: e.HUB_LOG_LEVEL,
    backup: { at: e.HUB_BACKUP_AT, keep: e.HUB_BACKUP_KEEP, ...(e.HUB_BACKUP_DIR ? { dir: e.HUB_BACKUP_DIR } : {}) },
    ...(e.HUB_TRUST_PROXY ? { trustProxy: e.HUB_TRUST_PROXY } : {}),
    ...(e.HUB_PUSH_OPEN_MINUTES !== undefined ? { push: { openAlertMs: e.HUB_PUSH_OPEN_MINUTES * 60_000 } } : {}),
    mqttLimits: {
      ...(e.HUB_MQTT_MAX_PAYLOAD !== undefined ? { maxPayloadBytes: e.HUB_MQTT_MAX_PAYLOAD } : {}),
      ...(e.HUB_MQTT_MAX_DEVICE_LIST !== undefined ? { maxDeviceListBytes: e.HUB_MQTT_MAX_DEVICE_LIST } : {}),
      ...(e.HUB_MQTT_MAX_RETAINED_PER_CLIENT !== undefined
        ? { maxRetainedPerClient: e.HUB_MQTT_MAX_RETAINED_PER_CLIENT }
        : {}),
      ...(e.HUB_MQTT_MAX_RETAINED !== undefined ? { maxRetainedTotal: e.HUB_MQTT_MAX_RETAINED } : {}),
      ...(e.HUB_MQTT_MAX_SUBSCRIPTIONS !== undefined
        ? { maxSubscriptionsPerClient: e.HUB_MQTT_MAX_SUBSCRIPTIONS }
        : {}),
    },
  };
}
