import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, isListening, waitFor } from "./ports";

/** A Mosquitto broker (Debian's `mosquitto` binary) on free loopback ports. */
export interface TestMosquitto {
  /** Devices and the hub: `mqtt://127.0.0.1:<port>`. */
  tcpUrl: string;
  /** Browsers (HUB_MQTT_WS_URL): `ws://127.0.0.1:<port>`. */
  wsUrl: string;
  stop(): Promise<void>;
  /** Starts again on the same ports (no persistence: retained messages are gone). */
  start(): Promise<void>;
  close(): Promise<void>;
  output(): string;
}

/** MOSQUITTO_BIN, else `mosquitto` on PATH, else Debian's /usr/sbin/mosquitto. */
export function mosquittoBinary(): string {
  if (process.env.MOSQUITTO_BIN) return process.env.MOSQUITTO_BIN;
  return existsSync("/usr/sbin/mosquitto") ? "/usr/sbin/mosquitto" : "mosquitto";
}

/**
 * Starts `mosquitto -c <tmp conf>` with a TCP listener and a websockets listener on 127.0.0.1,
 * anonymous access (a test broker; the README shows a read-only ACL for browsers in production).
 * Resolves when both ports accept connections; throws with Mosquitto's output otherwise.
 */
export async function startMosquitto(): Promise<TestMosquitto> {
  const tcpPort = await freePort();
  const wsPort = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "mosquitto-e2e-"));
  const conf = join(dir, "mosquitto.conf");
  writeFileSync(
    conf,
    [
      "persistence false",
      "log_dest stderr",
      "log_type error",
      "log_type warning",
      "allow_anonymous true",
      `listener ${tcpPort} 127.0.0.1`,
      `listener ${wsPort} 127.0.0.1`,
      "protocol websockets",
      "",
    ].join("\n"),
  );

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

  await start();
  return {
    tcpUrl: `mqtt://127.0.0.1:${tcpPort}`,
    wsUrl: `ws://127.0.0.1:${wsPort}`,
    start,
    stop,
    close: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
    output: () => log,
  };
}
