import * as v from "valibot";
import { connect as mqttConnect, type IClientOptions, type MqttClient } from "mqtt";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { WebSocket } from "ws";
import { hashSecret, useCheapKdfForTests } from "../auth/kdf";
import type { DeviceKind } from "../broker/acl";
import { startHub, type HubOptions, type RunningHub } from "../server";
import { openDb } from "../domains";
import { SESSION_COOKIE } from "../../contract/auth";
import { setCookiePairs } from "./cookies";
import { MqttUserStore } from "../broker/mqtt-users";

/** A free loopback TCP port (listen on 0, read it, close). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A fresh temporary directory; removed by the returned hub's `cleanup`. */
export function tempDir(prefix = "hub-test-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export interface TestHub extends RunningHub {
  dataDir: string;
  /** Closes the hub and removes its data directory. */
  cleanup(): Promise<void>;
}

/**
 * Starts a hub on 127.0.0.1 port 0 with a temp data dir, demo user (demo/demo, PIN 1357), demo
 * household, no simulator and no TCP listener unless overridden. Uses the cheap test KDF.
 */
export async function startTestHub(overrides: Partial<HubOptions> = {}): Promise<TestHub> {
  useCheapKdfForTests();
  const dataDir = overrides.dataDir ?? tempDir();
  const ownsDir = overrides.dataDir === undefined;
  let hub: RunningHub;
  try {
    hub = await startHub({
      port: 0,
      host: "127.0.0.1",
      dataDir,
      distDir: join(dataDir, "no-dist"),
      mqttPort: 0,
      // No MQTT over TLS unless a test names a port: parallel test files must not contend for 8883.
      mqttsPort: 0,
      demo: true,
      simulator: false,
      simulatorIntervalMs: 1000,
      logLevel: "silent",
      ...overrides,
    });
  } catch (error) {
    if (ownsDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    ...hub,
    dataDir,
    cleanup: async () => {
      await hub.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The `name=value` part of a Set-Cookie for `hub_session`, or undefined. */
export function sessionCookieOf(response: Response): string | undefined {
  const session = setCookiePairs(response).find((cookie) => cookie.name === SESSION_COOKIE && cookie.value !== "");
  return session ? `${session.name}=${session.value}` : undefined;
}

/** JSON request against the hub; `cookie` is sent as the Cookie header. */
export async function call(
  hub: { url: string },
  method: string,
  path: string,
  options: { cookie?: string | undefined; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  return fetch(`${hub.url.replace("localhost", "127.0.0.1")}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
}

/** Logs in as demo/demo (or the given user) and answers the session cookie. Throws when login fails. */
export async function login(
  hub: { url: string },
  login = "demo",
  password = "demo",
  sessionName = "test",
): Promise<string> {
  const response = await call(hub, "POST", "/api/auth/v1/auth", { body: { login, password, sessionName } });
  const cookie = sessionCookieOf(response);
  if (response.status !== 200 || !cookie) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return cookie;
}

/** Reads a response's JSON through a valibot schema (tests validate wire data too); throws on mismatch. */
export async function jsonOf<TSchema extends v.GenericSchema>(
  response: Response,
  schema: TSchema,
): Promise<v.InferOutput<TSchema>> {
  return v.parse(schema, await response.json());
}

/** Connects an mqtt.js client (MQTT 3.1.1) to `url`, resolving once connected; rejects on error or after 5 s. */
export async function connectMqtt(url: string, options: IClientOptions = {}): Promise<MqttClient> {
  const client = mqttConnect(url, { protocolVersion: 4, reconnectPeriod: 0, connectTimeout: 5000, ...options });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no MQTT connection to ${url}`)), 5000);
    client.once("connect", () => {
      clearTimeout(timer);
      resolve();
    });
    client.once("error", (error) => {
      clearTimeout(timer);
      client.end(true);
      reject(error);
    });
  });
  return client;
}

/** Resolves with the first message on `topic` whose payload passes `where` (after subscribing to it); rejects after `timeoutMs`. */
export function nextMessage(
  client: MqttClient,
  topic: string,
  timeoutMs = 5000,
  where: (payload: string) => boolean = () => true,
): Promise<{ topic: string; payload: string; retain: boolean }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off("message", onMessage);
      reject(new Error(`no message on ${topic} within ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (received: string, payload: Buffer, packet: { retain: boolean }) => {
      if (received !== topic || !where(payload.toString("utf8"))) return;
      clearTimeout(timer);
      client.off("message", onMessage);
      resolve({ topic: received, payload: payload.toString("utf8"), retain: packet.retain });
    };
    client.on("message", onMessage);
    client.subscribe(topic);
  });
}

/**
 * Resolves with the next JSON payload on `topic` (a retained one too) that `schema` reads and `accept`
 * takes, parsed; an emptied topic (zero bytes) is skipped. Rejects after 5 s.
 */
export function nextJson<T>(
  client: MqttClient,
  topic: string,
  schema: v.GenericSchema<unknown, T>,
  accept: (value: T) => boolean = () => true,
): Promise<T> {
  return nextMessage(client, topic, 5000, (payload) => {
    if (payload === "") return false;
    const parsed = v.safeParse(schema, JSON.parse(payload));
    return parsed.success && accept(parsed.output);
  }).then((message) => v.parse(schema, JSON.parse(message.payload)));
}

/** A device's MQTT credentials. */
export interface DeviceLogin {
  username: string;
  password: string;
}

/** Passwords of the MQTT users this process created, per data directory and username. */
const knownDevices = new Map<string, string>();

/** The kind a device user gets when the test does not say: `zigbee2mqtt` for that name, else Tasmota. */
export const deviceKindOf = (username: string): DeviceKind => (username === "zigbee2mqtt" ? "zigbee2mqtt" : "tasmota");

/**
 * Makes sure the hub at `hub.dataDir` has the MQTT device user `username` (devices
 * log in as a household's do, `npm run hub -- mqtt add`) and answers its credentials. Creates it
 * with a random password, `kind` (default {@link deviceKindOf}) and `topic` (default: the username
 * for Tasmota, `zigbee2mqtt` for Zigbee2MQTT) unless this process created it before. Writes the
 * hub's SQLite database directly; the running hub reads users at every CONNECT. Throws when the
 * user exists but was not created here (its password is unknown).
 */
export async function deviceLogin(
  hub: { dataDir: string },
  username: string,
  options: { kind?: DeviceKind; topic?: string } = {},
): Promise<DeviceLogin> {
  const key = `${hub.dataDir}\u0000${username}`;
  const known = knownDevices.get(key);
  if (known !== undefined) return { username, password: known };
  const password = randomBytes(12).toString("base64url");
  const hash = await hashSecret(password);
  const kind = options.kind ?? deviceKindOf(username);
  const db = openDb(hub.dataDir);
  try {
    new MqttUserStore(db).add(username, hash, kind, options.topic ?? (kind === "tasmota" ? username : "zigbee2mqtt"));
  } finally {
    db.close();
  }
  knownDevices.set(key, password);
  return { username, password };
}

/**
 * Connects as the device `username` (Tasmota topic, or `zigbee2mqtt` for the gateway) to the hub's
 * TCP listener with its credentials from {@link deviceLogin}; client id `<username>-<random>` unless
 * given. Rejects when the hub has no TCP listener, or as {@link connectMqtt}.
 */
export async function connectDevice(
  hub: { dataDir: string; mqttPort: number | null },
  username: string,
  options: IClientOptions & { kind?: DeviceKind; topic?: string } = {},
): Promise<MqttClient> {
  if (hub.mqttPort === null)
    throw new Error("the test hub has no MQTT TCP listener (start it with mqttPort: await freePort())");
  const { kind, topic, ...clientOptions } = options;
  const credentials = await deviceLogin(hub, username, { ...(kind ? { kind } : {}), ...(topic ? { topic } : {}) });
  return connectMqtt(`mqtt://127.0.0.1:${hub.mqttPort}`, {
    clientId: `${username}-${randomBytes(4).toString("hex")}`,
    ...credentials,
    ...clientOptions,
  });
}

/** The hub's `/mqtt` WebSocket URL (the dashboard's live channel). */
export const liveUrl = (hub: { url: string }) =>
  `${hub.url.replace("http://", "ws://").replace("localhost", "127.0.0.1")}/mqtt`;

/**
 * Connects to `/mqtt` as the dashboard does: over WebSocket with a session cookie (a fresh demo
 * login unless `cookie` is given), read-only, receiving only the dashboard's namespace.
 */
export async function connectBrowser(
  hub: { url: string },
  cookie?: string,
  options: IClientOptions = {},
): Promise<MqttClient> {
  const session = cookie ?? (await login(hub));
  return connectMqtt(liveUrl(hub), { wsOptions: { headers: { cookie: session } }, ...options });
}

/**
 * Subscribes `client` to `filter` (QoS 0) and answers what the broker granted: 0, or 128 when it
 * refused the subscription (mqtt.js rejects then, with the SUBACK on the error). Rethrows other errors.
 */
export async function grantedQos(client: MqttClient, filter: string): Promise<number | undefined> {
  try {
    return (await client.subscribeAsync(filter, { qos: 0 }))[0]?.qos;
  } catch (error) {
    const codes = (error as { packet?: { granted?: unknown[] } }).packet?.granted;
    if (Array.isArray(codes) && typeof codes[0] === "number") return codes[0];
    throw error;
  }
}

/**
 * The HTTP status the hub answers a WebSocket upgrade of `url` (its `/mqtt`) with, sending
 * `headers` (cookie, Origin ...): 101 when accepted, else the refusal's status. Rejects on a
 * network error.
 */
export function upgradeStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, "mqtt", { headers });
    socket.once("unexpected-response", (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once("upgrade", () => {
      resolve(101);
      socket.terminate();
    });
    socket.once("error", (error) => {
      if (!/Unexpected server response/.test(error.message)) reject(error);
    });
  });
}

/** Waits until `check` holds, polling every `pollMs`, at most `ms`. @throws Error "condition not met in time" */
export async function until(check: () => boolean, ms = 5_000, pollMs = 50): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
