import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectMqtt, deviceLogin, freePort, login, nextMessage, startTestHub, type TestHub } from "../testing/harness";

const MOSQUITTO_PUB = "/usr/bin/mosquitto_pub";

/** Runs Mosquitto's own `mosquitto_pub` with `args`; answers its exit code and output. */
function mosquittoPub(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(MOSQUITTO_PUB, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("error", reject);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const reading = (temperature: number) =>
  JSON.stringify({
    Time: "2026-11-27T03:00:00",
    BME280: { Temperature: temperature, Humidity: 80, Pressure: 1000 },
    TempUnit: "C",
  });

describe("devices over MQTT over TLS (HUB_MQTTS_PORT)", () => {
  let hub: TestHub;
  let caFile: string;

  beforeAll(async () => {
    // Plain MQTT off (HUB_MQTT_PORT=0): devices have only the TLS port.
    hub = await startTestHub({
      tls: { mode: "local", extraNames: [] },
      httpsPort: 0,
      mqttPort: 0,
      mqttsPort: await freePort(),
    });
    caFile = join(hub.dataDir, "tls", "ca.crt");
  });
  afterAll(async () => hub.cleanup());

  it("has no plain device listener with HUB_MQTT_PORT=0", () => {
    expect(hub.mqttPort).toBeNull();
    expect(hub.mqttsPort).not.toBeNull();
  });

  it("takes a reading from mosquitto_pub --cafile <hub CA> logged in as a device user, and the dashboard shows it", async () => {
    const { username, password } = await deviceLogin(hub, "balkon");
    const cookie = await login(hub);
    const ca = readFileSync(caFile, "utf8");
    const browser = await connectMqtt(`wss://127.0.0.1:${hub.httpsPort ?? 0}/mqtt`, {
      wsOptions: { headers: { cookie }, ca },
    });
    try {
      const shown = nextMessage(browser, "sensor/temp/balcony", 8000);
      const result = await mosquittoPub([
        "--cafile",
        caFile,
        "-h",
        "localhost",
        "-p",
        String(hub.mqttsPort),
        "-u",
        username,
        "-P",
        password,
        "-i",
        "balkon-tls",
        "-q",
        "1",
        "-t",
        "tele/balkon/SENSOR",
        "-m",
        reading(-7.5),
      ]);
      expect(result.output).toBe("");
      expect(result.code).toBe(0);
      expect(JSON.parse((await shown).payload)).toMatchObject({ value: -7.5 });
    } finally {
      browser.end(true);
    }
  });

  it("refuses mosquitto_pub without the hub's CA, with another CA, or with a wrong password (exit code not 0)", async () => {
    const { username, password } = await deviceLogin(hub, "balkon");
    const port = String(hub.mqttsPort);
    const withoutCa = await mosquittoPub([
      "-h",
      "localhost",
      "-p",
      port,
      "-u",
      username,
      "-P",
      password,
      "-t",
      "tele/balkon/SENSOR",
      "-m",
      reading(1),
    ]);
    expect(withoutCa.code).not.toBe(0);
    const otherCa = join(hub.dataDir, "other-ca.crt");
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        join(hub.dataDir, "other-ca.key"),
        "-out",
        otherCa,
        "-days",
        "30",
        "-subj",
        "/CN=Some other CA",
      ],
      { stdio: "ignore" },
    );
    const wrongCa = await mosquittoPub([
      "--cafile",
      otherCa,
      "-h",
      "localhost",
      "-p",
      port,
      "-u",
      username,
      "-P",
      password,
      "-t",
      "tele/balkon/SENSOR",
      "-m",
      reading(2),
    ]);
    expect(wrongCa.code).not.toBe(0);
    expect(wrongCa.output).toMatch(/certificate verify failed|TLS|SSL/i);
    const wrongPassword = await mosquittoPub([
      "--cafile",
      caFile,
      "-h",
      "localhost",
      "-p",
      port,
      "-u",
      username,
      "-P",
      `${password}x`,
      "-t",
      "tele/balkon/SENSOR",
      "-m",
      reading(3),
    ]);
    expect(wrongPassword.code).not.toBe(0);
    expect(wrongPassword.output).toMatch(/not authori[sz]ed|bad user name or password/i);
  });
});
