import { describe, expect, it } from "vitest";
import { readConfig } from "./config";

describe("hub configuration from the environment", () => {
  it("has the documented defaults", () => {
    expect(readConfig({})).toEqual({
      port: 8080,
      host: "0.0.0.0",
      dataDir: "./.hub-data",
      distDir: "./dist",
      mqttPort: 1883,
      tls: { mode: "local", extraNames: [] },
      httpsPort: 8443,
      mqttsPort: 8883,
      demo: false,
      simulator: false,
      simulatorIntervalMs: 5000,
      logLevel: "info",
      mqttLimits: {},
      backup: { at: "03:30", keep: 7 },
    });
  });

  it("reads the nightly backup's time, count and folder, and names a bad one", () => {
    expect(readConfig({ HUB_BACKUP_AT: "23:05", HUB_BACKUP_KEEP: "0", HUB_BACKUP_DIR: "/mnt/usb/hub" }).backup).toEqual(
      { at: "23:05", keep: 0, dir: "/mnt/usb/hub" },
    );
    expect(() => readConfig({ HUB_BACKUP_AT: "24:00" })).toThrow(/^HUB_BACKUP_AT: .*HH:MM/);
    expect(() => readConfig({ HUB_BACKUP_AT: "3:30" })).toThrow(/HUB_BACKUP_AT/);
    expect(() => readConfig({ HUB_BACKUP_KEEP: "-1" })).toThrow(/HUB_BACKUP_KEEP/);
    expect(() => readConfig({ HUB_BACKUP_KEEP: "1001" })).toThrow(/HUB_BACKUP_KEEP/);
  });

  it("serves HTTPS with the hub's own CA by default; HUB_TLS=off, HUB_TLS_CERT/KEY and HUB_TLS_NAMES change that", () => {
    expect(readConfig({ HUB_TLS: "off" }).tls).toEqual({ mode: "off" });
    expect(readConfig({ HUB_TLS_NAMES: "hub.lan, 192.168.1.20,fd00::20" }).tls).toEqual({
      mode: "local",
      extraNames: ["hub.lan", "192.168.1.20", "fd00::20"],
    });
    expect(readConfig({ HUB_TLS_CERT: "/etc/hub/cert.pem", HUB_TLS_KEY: "/etc/hub/key.pem" }).tls).toEqual({
      mode: "household",
      certPath: "/etc/hub/cert.pem",
      keyPath: "/etc/hub/key.pem",
    });
    expect(readConfig({ HUB_HTTPS_PORT: "443", HUB_MQTTS_PORT: "0" })).toMatchObject({ httpsPort: 443, mqttsPort: 0 });
    expect(() => readConfig({ HUB_TLS: "maybe" })).toThrow(/HUB_TLS must be on or off/);
    expect(() => readConfig({ HUB_TLS_NAMES: "hub.lan,bad name" })).toThrow(/HUB_TLS_NAMES/);
    expect(() => readConfig({ HUB_TLS_KEY: "/k.pem" })).toThrow(/HUB_TLS_CERT: required with HUB_TLS_KEY/);
    expect(() => readConfig({ HUB_HTTPS_PORT: "70000" })).toThrow(/HUB_HTTPS_PORT/);
  });

  it("reads the broker limits, leaving absent ones to the defaults", () => {
    expect(
      readConfig({
        HUB_MQTT_MAX_PAYLOAD: "131072",
        HUB_MQTT_MAX_RETAINED_PER_CLIENT: "50",
        HUB_MQTT_MAX_RETAINED: "5000",
        HUB_MQTT_MAX_SUBSCRIPTIONS: "20",
      }).mqttLimits,
    ).toEqual({
      maxPayloadBytes: 131072,
      maxRetainedPerClient: 50,
      maxRetainedTotal: 5000,
      maxSubscriptionsPerClient: 20,
    });
  });

  it("turns the simulator on with HUB_DEMO=1 unless HUB_SIMULATOR=0", () => {
    expect(readConfig({ HUB_DEMO: "1" })).toMatchObject({ demo: true, simulator: true });
    expect(readConfig({ HUB_DEMO: "1", HUB_SIMULATOR: "0" })).toMatchObject({ demo: true, simulator: false });
  });

  it("admits anonymous devices only with HUB_MQTT_ALLOW_ANONYMOUS=1", () => {
    expect(readConfig({}).mqttAllowAnonymous).toBeUndefined();
    expect(readConfig({ HUB_MQTT_ALLOW_ANONYMOUS: "0" }).mqttAllowAnonymous).toBeUndefined();
    expect(readConfig({ HUB_MQTT_ALLOW_ANONYMOUS: "1" })).toMatchObject({ mqttAllowAnonymous: true });
    expect(() => readConfig({ HUB_MQTT_ALLOW_ANONYMOUS: "yes" })).toThrow(/HUB_MQTT_ALLOW_ANONYMOUS/);
  });

  it("reads the simulated cameras' frame rate HUB_DEMO_CAMERA_FPS (long-run benchmark), absent by default", () => {
    expect(readConfig({}).demoCameraFps).toBeUndefined();
    expect(readConfig({ HUB_DEMO_CAMERA_FPS: "30" })).toMatchObject({ demoCameraFps: 30 });
  });

  it("reads the minutes a door may stand open before a push", () => {
    expect(readConfig({ HUB_PUSH_OPEN_MINUTES: "15" }).push).toEqual({ openAlertMs: 15 * 60_000 });
    expect(readConfig({}).push).toBeUndefined();
  });

  it("reads an external broker and its WebSocket URL", () => {
    expect(
      readConfig({ HUB_MQTT_URL: "mqtt://broker.lan:1883", HUB_MQTT_WS_URL: "ws://broker.lan:9001" }),
    ).toMatchObject({
      mqttUrl: "mqtt://broker.lan:1883",
      mqttWsUrl: "ws://broker.lan:9001",
    });
  });

  it.each([
    [{ PORT: "80a" }, /PORT/],
    [{ HUB_MQTT_PORT: "70000" }, /HUB_MQTT_PORT/],
    [{ HUB_DEMO: "yes" }, /HUB_DEMO/],
    [{ HUB_MQTT_URL: "mqtt://broker.lan" }, /HUB_MQTT_WS_URL: required/],
    [{ HUB_MQTT_URL: "http://broker.lan", HUB_MQTT_WS_URL: "ws://b" }, /HUB_MQTT_URL/],
    [{ HUB_SIM_INTERVAL_MS: "5" }, /HUB_SIM_INTERVAL_MS/],
    [{ HUB_LOG_LEVEL: "loud" }, /HUB_LOG_LEVEL/],
    [{ HUB_MQTT_MAX_PAYLOAD: "64k" }, /HUB_MQTT_MAX_PAYLOAD/],
    [{ HUB_MQTT_MAX_RETAINED: "0" }, /HUB_MQTT_MAX_RETAINED/],
    [{ HUB_DEMO_CAMERA_FPS: "0" }, /HUB_DEMO_CAMERA_FPS/],
    [{ HUB_DEMO_CAMERA_FPS: "61" }, /HUB_DEMO_CAMERA_FPS/],
    [{ HUB_DEMO_CAMERA_FPS: "fast" }, /HUB_DEMO_CAMERA_FPS/],
    [{ HUB_PUSH_OPEN_MINUTES: "0" }, /HUB_PUSH_OPEN_MINUTES/],
  ])("refuses %o naming the variable", (env, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });
});
