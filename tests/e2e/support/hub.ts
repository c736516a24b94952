import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { hashSecret, useCheapKdfForTests } from "../../../hub/auth/kdf";
import { openDb } from "../../../hub/domains";
import { MqttUserStore } from "../../../hub/broker/mqtt-users";
import { buildHub, HUB_BUNDLE, hubBundleIsStale } from "../../../scripts/build-hub";
import type { DeviceLogin } from "./mosquitto";
import { freePort, isListening, waitFor } from "./ports";

/** The repository root (this file is tests/e2e/support/hub.ts). */
export const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));

/** The built dashboard the hub serves: E2E_DIST_DIR (to test another build) or this repository's dist/. */
export function dashboardDistDir(): string {
  return process.env.E2E_DIST_DIR ?? join(repoRoot, "dist");
}

/** Options of {@link startTestHub}. */
export interface TestHubOptions {
  /** Run the demo device simulator (HUB_SIMULATOR=1). Default false: tests publish their own readings. */
  simulator?: boolean;
  /** External broker for the hub (HUB_MQTT_URL, e.g. `mqtt://127.0.0.1:18830`); unset = embedded Aedes. */
  mqttUrl?: string;
  /** The `mqttConnectionString` handed to browsers with an external broker (HUB_MQTT_WS_URL). */
  mqttWsUrl?: string;
  /** Extra environment for the hub process (wins over the defaults). */
  env?: Record<string, string>;
}

/** A real hub process (hub/main.ts) on free loopback ports with its own temporary data directory. */
export interface TestHub {
  /** `http://127.0.0.1:<port>`: the dashboard and the API bases. */
  baseURL: string;
  /** Where devices publish: the embedded broker's TCP listener, or the external broker's URL (without its login). */
  mqttTcpUrl: string;
  /**
   * The login of device `username` (a Tasmota topic, `zigbee2mqtt` for the gateway, `frigate` for the NVR) on the
   * embedded broker, as `npm run hub -- mqtt add` would create it: added to the
   * hub's database with a random password the first time. Throws with an external broker, whose
   * users the test must make there (TestMosquitto.deviceLogin).
   */
  deviceLogin(username: string): Promise<DeviceLogin>;
  /** HUB_DATA_DIR (SQLite etc.); kept across stop()/start(). */
  dataDir: string;
  /** Stops the hub (SIGTERM to its process group, SIGKILL after 5 s); keeps ports and data. */
  stop(): Promise<void>;
  /** (Re)starts the hub on the same ports and data directory; resolves when HTTP answers. */
  start(): Promise<void>;
  /** stop() and remove the data directory. */
  close(): Promise<void>;
  /** Everything the hub printed so far (stdout and stderr), for failure messages. */
  output(): string;
  /** True while the hub process runs (false after stop(), or when it died by itself). */
  running(): boolean;
}

const READY_TIMEOUT_MS = 45_000;

let bundleChecked: Promise<void> | null = null;

/**
 * Makes sure `dist-hub/` holds the hub of the sources in this checkout: builds it (scripts/build-hub.ts,
 * about 0.4 s) when it is missing or older than a `.ts` file of `hub/` or `src/shared/`. Once per
 * process; Playwright's global setup (tests/e2e/support/global-setup.ts) calls it before the workers
 * start, so they never build side by side. Throws esbuild's compile error.
 */
export function ensureHubBundle(): Promise<void> {
  bundleChecked ??= hubBundleIsStale() ? buildHub() : Promise.resolve();
  return bundleChecked;
}

/**
 * Starts the REAL hub as a child process, as `npm start` runs it: `node --enable-source-maps
 * dist-hub/main.js` (the bundle of hub/main.ts, rebuilt first when a hub source is newer) in the repository root,
 * HUB_DEMO=1 (user demo / demo, PIN 1357), HUB_SIMULATOR=0 unless asked, HOST=127.0.0.1, PORT and
 * HUB_MQTT_PORT on free ports (HUB_MQTT_PORT=0 with an external broker), a temporary HUB_DATA_DIR and
 * HUB_DIST_DIR=<repo>/dist. Resolves once HTTP (and the embedded broker's TCP listener) answers.
 * Throws with the hub's own output when it exits or does not become ready within 45 s, or when
 * dist/ has not been built.
 */
export async function startTestHub(options: TestHubOptions = {}): Promise<TestHub> {
  await ensureHubBundle();
  const distDir = dashboardDistDir();
  if (!existsSync(join(distDir, "index.html"))) {
    throw new Error(`no built dashboard at ${distDir}: run \`npm run build\` before the end-to-end tests`);
  }
  const port = await freePort();
  const external = options.mqttUrl !== undefined;
  const mqttPort = external ? 0 : await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "hub-e2e-"));
  const baseURL = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    ...stringEnv(process.env),
    HOST: "127.0.0.1",
    PORT: String(port),
    HUB_MQTT_PORT: String(mqttPort),
    HUB_DATA_DIR: dataDir,
    HUB_DIST_DIR: distDir,
    HUB_DEMO: "1",
    HUB_SIMULATOR: options.simulator === true ? "1" : "0",
    HUB_LOG_LEVEL: process.env.HUB_LOG_LEVEL ?? "warn",
    // Parallel workers' hubs would all want HTTPS 8443 and MQTT-over-TLS 8883, and each first start
    // would make a CA (~1 s of RSA key generation); the specs use plain http://127.0.0.1 (never
    // redirected). HTTPS is off unless a spec asks for it through `env` (https.spec.ts picks free ports).
    HUB_TLS: "off",
    ...(options.mqttUrl !== undefined ? { HUB_MQTT_URL: options.mqttUrl } : {}),
    ...(options.mqttWsUrl !== undefined ? { HUB_MQTT_WS_URL: options.mqttWsUrl } : {}),
    ...options.env,
  };

  let child: ChildProcess | null = null;
  let log = "";
  let stopping = false;

  const start = async (): Promise<void> => {
    if (child !== null) throw new Error("the test hub is already running");
    const proc = spawn(process.execPath, ["--enable-source-maps", HUB_BUNDLE], {
      cwd: repoRoot,
      env,
      detached: true, // its own process group, so stop() also ends anything it spawned
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = proc;
    let exited: string | null = null;
    proc.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
    proc.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
    proc.once("exit", (code, signal) => {
      exited = `exited with ${signal ?? `code ${String(code)}`}`;
      if (child === proc) child = null;
      // A hub that dies while no test stops it is a hub bug (or a killed process): say so at once,
      // with its output, so the test that next fails on "connection refused" can be explained.
      if (!stopping)
        process.stderr.write(
          `\n[test hub ${baseURL}] ${exited} while nobody stopped it\n--- hub output ---\n${log}\n---\n`,
        );
    });
    try {
      await waitFor(
        async () => {
          if (exited !== null) throw new Error(`the hub ${exited} before it was ready`);
          if (!(await answersHttp(baseURL))) return false;
          return mqttPort === 0 || (await isListening(mqttPort));
        },
        `the hub on ${baseURL}`,
        READY_TIMEOUT_MS,
      );
    } catch (error) {
      await stop();
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`${reason}\n--- hub output ---\n${log}`);
    }
  };

  const stop = async (): Promise<void> => {
    const proc = child;
    if (proc === null || proc.pid === undefined) return;
    const pid = proc.pid;
    stopping = true;
    const gone = new Promise<void>((resolve) => {
      if (proc.exitCode !== null || proc.signalCode !== null) resolve();
      else proc.once("exit", () => resolve());
    });
    signalGroup(pid, "SIGTERM");
    const timer = setTimeout(() => signalGroup(pid, "SIGKILL"), 5_000);
    await gone;
    clearTimeout(timer);
    signalGroup(pid, "SIGKILL"); // anything left in the group
    child = null;
    stopping = false;
  };

  const devices = new Map<string, string>();
  const deviceLogin = async (username: string): Promise<DeviceLogin> => {
    if (external)
      throw new Error("the hub uses an external broker: make device users there (TestMosquitto.deviceLogin)");
    const known = devices.get(username);
    if (known !== undefined) return { username, password: known };
    const password = randomBytes(12).toString("base64url");
    useCheapKdfForTests(); // the hash carries its cost, so the hub checks it as cheaply (test users only)
    const hash = await hashSecret(password);
    const db = openDb(dataDir);
    try {
      const kind = username === "zigbee2mqtt" ? "zigbee2mqtt" : username === "frigate" ? "frigate" : "tasmota";
      new MqttUserStore(db).add(username, hash, kind, kind === "tasmota" ? username : kind);
    } finally {
      db.close();
    }
    devices.set(username, password);
    return { username, password };
  };

  await start();
  return {
    baseURL,
    mqttTcpUrl: options.mqttUrl !== undefined ? withoutLogin(options.mqttUrl) : `mqtt://127.0.0.1:${mqttPort}`,
    deviceLogin,
    dataDir,
    start,
    stop,
    close: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    output: () => log,
    running: () => child !== null,
  };
}

/** True when the hub answers any HTTP status on an API path (it is listening and routing). */
export async function answersHttp(baseURL: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseURL}/api/v2/config`, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

/** `url` without its user name and password. */
function withoutLogin(url: string): string {
  const parsed = new URL(url);
  parsed.username = "";
  parsed.password = "";
  return parsed.toString().replace(/\/$/, "");
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

function stringEnv(source: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) if (value !== undefined) out[key] = value;
  return out;
}
