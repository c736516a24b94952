import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import mqtt from "mqtt";
import { repoRoot } from "./hub";
import { freePort, isListening, waitFor } from "./ports";

/** A device's MQTT login on a broker. */
export interface DeviceLogin {
  username: string;
  password: string;
}

/**
 * A Mosquitto broker (Debian's `mosquitto` binary) on free loopback ports, configured with the
 * household example `hub/examples/mosquitto/` (README "Pointing the hub at a household broker"):
 * every client logs in, devices and the hub on the TCP listener, the dashboard's read-only user
 * on the websockets listener.
 */
export interface TestMosquitto {
  /** The devices' listener, no login in it: `mqtt://127.0.0.1:<port>`. */
  tcpUrl: string;
  /** The hub's login on the devices' listener (HUB_MQTT_URL): `mqtt://hub:<password>@127.0.0.1:<port>`. */
  hubUrl: string;
  /** The browsers' listener with the dashboard's login (HUB_MQTT_WS_URL): `ws://dashboard:<password>@127.0.0.1:<port>`. */
  wsUrl: string;
  /** The browsers' listener without a login: `ws://127.0.0.1:<port>` (refused by the example). */
  wsBaseUrl: string;
  /**
   * The login of the device `username` (a Tasmota topic, or `zigbee2mqtt`): the demo household's
   * devices exist from the start; another one is added to the password file and Mosquitto reloads
   * it (SIGHUP) before this resolves.
   */
  deviceLogin(username: string): Promise<DeviceLogin>;
  stop(): Promise<void>;
  /** Starts again on the same ports and users (no persistence: retained messages are gone). */
  start(): Promise<void>;
  close(): Promise<void>;
  output(): string;
}

/** MOSQUITTO_BIN, else `mosquitto` on PATH, else Debian's /usr/sbin/mosquitto. */
export function mosquittoBinary(): string {
  if (process.env.MOSQUITTO_BIN) return process.env.MOSQUITTO_BIN;
  return existsSync("/usr/sbin/mosquitto") ? "/usr/sbin/mosquitto" : "mosquitto";
}

/** MOSQUITTO_PASSWD_BIN, else Debian's /usr/bin/mosquitto_passwd, else `mosquitto_passwd` on PATH. */
export function mosquittoPasswdBinary(): string {
  if (process.env.MOSQUITTO_PASSWD_BIN) return process.env.MOSQUITTO_PASSWD_BIN;
  return existsSync("/usr/bin/mosquitto_passwd") ? "/usr/bin/mosquitto_passwd" : "mosquitto_passwd";
}

const EXAMPLE_DIR = join(repoRoot, "hub", "examples", "mosquitto");

/** Runs mosquitto_passwd with `args`; throws with its output when it fails. */
function mosquittoPasswd(args: string[]): void {
  const result = spawnSync(mosquittoPasswdBinary(), args, { encoding: "utf8" });
  if (result.status !== 0)
    throw new Error(
      `mosquitto_passwd ${args[0]} failed: ${result.error?.message ?? ""}${result.stderr}${result.stdout}`,
    );
}

/** The example's mosquitto.conf on loopback ports and with its files in `dir`; throws if the example changed shape. */
function exampleConfig(dir: string, tcpPort: number, wsPort: number): string {
  let text = readFileSync(join(EXAMPLE_DIR, "mosquitto.conf"), "utf8");
  for (const [from, to] of [
    [/^listener 1883$/m, `listener ${tcpPort} 127.0.0.1`],
    [/^listener 9001$/m, `listener ${wsPort} 127.0.0.1`],
  ] as const) {
    if (!from.test(text)) throw new Error(`hub/examples/mosquitto/mosquitto.conf has no line matching ${String(from)}`);
    text = text.replace(from, to);
  }
  if (!text.includes("/etc/mosquitto/"))
    throw new Error("hub/examples/mosquitto/mosquitto.conf names no file under /etc/mosquitto/");
  text = text.replaceAll("/etc/mosquitto/", `${dir}/`);
  return ["persistence false", "log_dest stderr", "log_type error", "log_type warning", text].join("\n");
}

/** The demo household's device users: each Tasmota topic, plus `zigbee2mqtt`. */
function demoDeviceNames(): string[] {
  const household = JSON.parse(readFileSync(join(repoRoot, "hub", "household", "demo.json"), "utf8")) as {
    sensors: { source: { type: string; device: string } }[];
    switches: { device: string }[];
  };
  const tasmota = [
    ...household.sensors.filter((s) => s.source.type === "tasmota").map((s) => s.source.device),
    ...household.switches.map((s) => s.device),
  ];
  return [...new Set(tasmota), "zigbee2mqtt"];
}

const secret = () => randomBytes(12).toString("base64url");

/** A broker without access control: both listeners anonymous, every client may read and write everything. */
function openConfig(tcpPort: number, wsPort: number): string {
  return [
    "persistence false",
    "log_dest stderr",
    "log_type error",
    "log_type warning",
    "allow_anonymous true",
    `listener ${tcpPort} 127.0.0.1`,
    `listener ${wsPort} 127.0.0.1`,
    "protocol websockets",
    "",
  ].join("\n");
}

/**
 * Starts `mosquitto -c <tmp conf>` with the example configuration of hub/examples/mosquitto (its
 * mosquitto.conf with the listeners moved to free ports on 127.0.0.1, its ACL files unchanged),
 * password files made with `mosquitto_passwd` for `hub`, the demo household's devices and
 * `dashboard`. With `open: true` instead a broker without any access control (anonymous clients
 * read and write everything; the logins still work but nothing needs them), for tests of what a
 * hostile device can do on such a broker. Resolves when both ports accept connections; throws with
 * Mosquitto's output otherwise.
 */
export async function startMosquitto(options: { open?: boolean } = {}): Promise<TestMosquitto> {
  const tcpPort = await freePort();
  const wsPort = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "mosquitto-e2e-"));
  const conf = join(dir, "mosquitto.conf");
  writeFileSync(conf, options.open === true ? openConfig(tcpPort, wsPort) : exampleConfig(dir, tcpPort, wsPort));
  for (const file of ["acl-devices", "acl-browsers"])
    writeFileSync(join(dir, file), readFileSync(join(EXAMPLE_DIR, file)));

  const hubPassword = secret();
  const dashboardPassword = secret();
  const devices = new Map(demoDeviceNames().map((name) => [name, secret()]));
  const passwd = join(dir, "passwd");
  const passwdBrowsers = join(dir, "passwd-browsers");
  writeFileSync(
    passwd,
    [`hub:${hubPassword}`, ...[...devices].map(([name, password]) => `${name}:${password}`), ""].join("\n"),
  );
  writeFileSync(passwdBrowsers, `dashboard:${dashboardPassword}\n`);
  mosquittoPasswd(["-U", passwd]);
  mosquittoPasswd(["-U", passwdBrowsers]);
  // Started as root, Mosquitto drops to its own user, which must read these (test secrets only).
  chmodSync(dir, 0o755);
  for (const file of [passwd, passwdBrowsers]) chmodSync(file, 0o644);

  let child: ChildProcess | null = null;
  let log = "";

  const start = async (): Promise<void> => {
    const proc = spawn(mosquittoBinary(), ["-c", conf], { stdio: ["ignore", "pipe", "pipe"] });
    child = proc;
    let exited: string | null = null;
    proc.stdout?.on("data", (c: Buffer) => (log += c.toString()));
    proc.stderr?.on("data", (c: Buffer) => (log += c.toString()));
    proc.once("error", (e) => (exited = `failed to start: ${e.message}`));
    proc.once("exit", (code, signal) => (exited = `exited with ${signal ?? `code ${String(code)}`}`));
    try {
      await waitFor(
        async () => {
          if (exited !== null) throw new Error(`mosquitto ${exited}`);
          return (await isListening(tcpPort)) && (await isListening(wsPort));
        },
        "mosquitto listeners",
        15_000,
      );
    } catch (error) {
      await stop();
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n--- mosquitto output ---\n${log}`);
    }
  };

  const stop = async (): Promise<void> => {
    const proc = child;
    child = null;
    if (proc === null || proc.exitCode !== null || proc.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
    proc.kill("SIGTERM");
    const timer = setTimeout(() => proc.kill("SIGKILL"), 5_000);
    await gone;
    clearTimeout(timer);
  };

  const tcpUrl = `mqtt://127.0.0.1:${tcpPort}`;
  const deviceLogin = async (username: string): Promise<DeviceLogin> => {
    const known = devices.get(username);
    if (known !== undefined) return { username, password: known };
    const password = secret();
    mosquittoPasswd(["-b", passwd, username, password]);
    chmodSync(passwd, 0o644);
    devices.set(username, password);
    child?.kill("SIGHUP"); // Mosquitto rereads its password and ACL files
    await waitFor(
      async () => {
        try {
          const probe = await mqtt.connectAsync(tcpUrl, {
            username,
            password,
            reconnectPeriod: 0,
            connectTimeout: 2_000,
            clientId: `probe-${secret()}`,
          });
          await probe.endAsync();
          return true;
        } catch {
          return false;
        }
      },
      `mosquitto to admit the new user ${username}`,
      5_000,
    );
    return { username, password };
  };

  await start();
  return {
    tcpUrl,
    hubUrl: `mqtt://hub:${hubPassword}@127.0.0.1:${tcpPort}`,
    wsUrl: `ws://dashboard:${dashboardPassword}@127.0.0.1:${wsPort}`,
    wsBaseUrl: `ws://127.0.0.1:${wsPort}`,
    deviceLogin,
    start,
    stop,
    close: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
    output: () => log,
  };
}
