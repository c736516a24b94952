import { NAMESPACE_ROOTS } from "../../contract/topics";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MqttClient } from "mqtt";
import * as v from "valibot";
import { SessionEndedPayloadSchema, sessionEndedTopic } from "../../contract/auth";
import {
  call,
  connectDevice,
  connectMqtt,
  deviceLogin,
  freePort,
  grantedQos,
  login,
  nextMessage,
  startTestHub,
  upgradeStatus,
  type TestHub,
} from "../testing/harness";

let hub: TestHub;
let mqttPort: number;
const clients: MqttClient[] = [];

beforeEach(async () => {
  mqttPort = await freePort();
  hub = await startTestHub({ mqttPort });
});
afterEach(async () => {
  for (const client of clients.splice(0)) client.end(true);
  await hub.cleanup();
});

const wsUrl = () => `${hub.url.replace("http://", "ws://")}/mqtt`;

const browser = async (cookie: string) => {
  const client = await connectMqtt(wsUrl(), { wsOptions: { headers: { cookie } } });
  clients.push(client);
  return client;
};
/** A Tasmota device (or the Zigbee2MQTT gateway) logged in with its own MQTT user. */
const device = async (username = "balkon") => {
  const client = await connectDevice(hub, username);
  clients.push(client);
  return client;
};
const closed = (client: MqttClient, timeoutMs = 3000) =>
  new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    client.once("close", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

describe("MQTT over WebSocket at /mqtt", () => {
  it("refuses the upgrade with 401 without a session and 403 for a locked one", async () => {
    expect(await upgradeStatus(wsUrl())).toBe(401);
    expect(await upgradeStatus(wsUrl(), { cookie: "hub_session=forged" })).toBe(401);
    const cookie = await login(hub);
    await call(hub, "POST", "/api/auth/v1/session/lock", { body: {}, cookie });
    expect(await upgradeStatus(wsUrl(), { cookie })).toBe(403);
  });

  it("accepts a valid session and delivers bridged readings a device published over TCP", async () => {
    const cookie = await login(hub);
    expect(await upgradeStatus(wsUrl(), { cookie })).toBe(101);
    const sensor = await device();
    sensor.publish(
      "tele/balkon/SENSOR",
      JSON.stringify({
        Time: "2024-01-01T10:00:00",
        BME280: { Temperature: -3.4, Humidity: 80.1, Pressure: 1001.2 },
        PressureUnit: "hPa",
        TempUnit: "C",
      }),
    );
    const client = await browser(cookie);
    const message = await nextMessage(client, "sensor/temp/balcony");
    expect(JSON.parse(message.payload)).toMatchObject({ value: -3.4 });
  });

  it("refuses every publish from a browser: subscribers never see it and the browser is disconnected", async () => {
    const cookie = await login(hub);
    const watcher = await browser(await login(hub, "demo", "demo", "other tablet"));
    const pump = await device("pompa");
    const seen: string[] = [];
    watcher.on("message", (topic) => seen.push(topic));
    pump.on("message", (topic) => seen.push(topic));
    await watcher.subscribeAsync("sensor/#");
    await pump.subscribeAsync("cmnd/pompa/#");
    const client = await browser(cookie);
    const wasClosed = closed(client);
    client.publish("sensor/temp/balcony", JSON.stringify({ value: 99, time: new Date().toISOString() }));
    client.publish("cmnd/pompa/POWER", "ON");
    expect(await wasClosed).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen).toEqual([]);
  });

  it("closes the session's live connection when the session is locked, and on logout", async () => {
    const cookie = await login(hub);
    const client = await browser(cookie);
    const wasClosed = closed(client);
    await call(hub, "POST", "/api/auth/v1/session/lock", { body: {}, cookie });
    expect(await wasClosed).toBe(true);

    const second = await login(hub);
    const other = await browser(second);
    const otherClosed = closed(other);
    await call(hub, "DELETE", "/api/auth/v1/session", { body: {}, cookie: second });
    expect(await otherClosed).toBe(true);
  });

  it("announces a locked or revoked session on session/<hash>/ended (not retained), named by the public hash its validation answers", async () => {
    const kiosk = await login(hub, "demo", "demo", "kiosk");
    const phone = await login(hub, "demo", "demo", "phone");
    const validated = (await (
      await call(hub, "POST", "/api/auth/v1/session/validate", { body: {}, cookie: kiosk })
    ).json()) as { item: { hash: string } };
    const hash = validated.item.hash;
    const all = (await (await call(hub, "GET", "/api/auth/v1/session/all", { cookie: kiosk })).json()) as {
      items: { hash: string; current: boolean }[];
    };
    expect(all.items.find((item) => item.current)?.hash).toBe(hash);
    const watcher = await browser(phone);
    await watcher.subscribeAsync("session/#");
    const locked = nextMessage(watcher, sessionEndedTopic(hash));
    await call(hub, "POST", "/api/auth/v1/session/lock", { body: {}, cookie: kiosk });
    const message = await locked;
    expect(message.retain).toBe(false);
    expect(v.parse(SessionEndedPayloadSchema, JSON.parse(message.payload)).reason).toBe("locked");
    const revoked = nextMessage(watcher, sessionEndedTopic(hash));
    await call(hub, "DELETE", "/api/auth/v1/session", { body: {}, cookie: kiosk });
    expect(v.parse(SessionEndedPayloadSchema, JSON.parse((await revoked).payload)).reason).toBe("revoked");
  });

  it("keeps another session's connection open when one session is locked", async () => {
    const kiosk = await login(hub, "demo", "demo", "kiosk");
    const phone = await login(hub, "demo", "demo", "phone");
    const phoneClient = await browser(phone);
    await call(hub, "POST", "/api/auth/v1/session/lock", { body: {}, cookie: kiosk });
    expect(await closed(phoneClient, 300)).toBe(false);
    expect(phoneClient.connected).toBe(true);
  });
});

/** The CONNACK return code of a refused connection (mqtt.js puts it on the error's `code`), or "connected". */
async function connackOf(url: string, options: Parameters<typeof connectMqtt>[1]): Promise<unknown> {
  try {
    clients.push(await connectMqtt(url, options));
    return "connected";
  } catch (error) {
    return (error as { code?: unknown }).code;
  }
}

describe("browsers on /mqtt", () => {
  it("subscribe to # and receive only the dashboard's namespace: no device topic, command or $-topic", async () => {
    const client = await browser(await login(hub));
    const seen: string[] = [];
    client.on("message", (topic) => seen.push(topic));
    await client.subscribeAsync("#");
    const reading = nextMessage(client, "sensor/temp/balcony");
    const balkon = await device("balkon");
    await balkon.publishAsync(
      "tele/balkon/SENSOR",
      JSON.stringify({ Time: "2024-01-01T10:00:00", BME280: { Temperature: 4.5, Humidity: 80, Pressure: 1000 } }),
      { qos: 1 },
    );
    await reading;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen).toContain("tasmota/tele/balkon/SENSOR");
    // Only the hub's namespace (its roots: device/<id>/state and devices/revision among them), never a raw device topic.
    expect(seen.filter((topic) => !NAMESPACE_ROOTS.has(topic.split("/")[0] ?? ""))).toEqual([]);
    expect(seen.filter((topic) => /^(tele|stat|cmnd|zigbee2mqtt|\$)/.test(topic))).toEqual([]);
  });

  it("may not subscribe outside the namespace (SUBACK 0x80, still connected)", async () => {
    const client = await browser(await login(hub));
    for (const [filter, expected] of [
      ["tele/#", 128],
      ["cmnd/#", 128],
      ["+/#", 128],
      ["$SYS/#", 128],
      ["sensor/#", 0],
      ["settings/garageLight", 0],
    ] as const) {
      expect(await grantedQos(client, filter), filter).toBe(expected);
    }
    expect(client.connected).toBe(true);
  });

  it("cannot take a device's client id: a device's id is refused (CONNACK 2) and the device stays connected", async () => {
    const cookie = await login(hub);
    const tasmota = await device("balkon"); // client id balkon-<hex>
    expect(await connackOf(wsUrl(), { clientId: tasmota.options.clientId, wsOptions: { headers: { cookie } } })).toBe(
      2,
    );
    // Even an id that looks like a browser's, when a device holds it.
    const mqttjsDevice = await connectDevice(hub, "pompa", { clientId: "mqttjs_0badc0de" });
    clients.push(mqttjsDevice);
    expect(await connackOf(wsUrl(), { clientId: "mqttjs_0badc0de", wsOptions: { headers: { cookie } } })).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(tasmota.connected).toBe(true);
    expect(mqttjsDevice.connected).toBe(true);
  });

  it("a browser's id is mqttjs_<hex> or dashboard-<id>; another session cannot take it over, the same session can (a reconnect)", async () => {
    const kiosk = await login(hub, "demo", "demo", "kiosk");
    const phone = await login(hub, "demo", "demo", "phone");
    expect(await connackOf(wsUrl(), { clientId: "DVES_1A2B3C", wsOptions: { headers: { cookie: kiosk } } })).toBe(2);
    expect(await connackOf(wsUrl(), { clientId: "dashboard-kiosk-1", wsOptions: { headers: { cookie: kiosk } } })).toBe(
      "connected",
    );
    const first = clients[clients.length - 1];
    expect(await connackOf(wsUrl(), { clientId: "dashboard-kiosk-1", wsOptions: { headers: { cookie: phone } } })).toBe(
      2,
    );
    expect(first?.connected).toBe(true);
    const replaced = first ? closed(first) : Promise.resolve(false);
    expect(await connackOf(wsUrl(), { clientId: "dashboard-kiosk-1", wsOptions: { headers: { cookie: kiosk } } })).toBe(
      "connected",
    );
    expect(await replaced).toBe(true);
  });

  it("a device cannot take a browser's client id", async () => {
    const client = await browser(await login(hub));
    const credentials = await deviceLogin(hub, "pompa");
    expect(await connackOf(`mqtt://127.0.0.1:${mqttPort}`, { clientId: client.options.clientId, ...credentials })).toBe(
      2,
    );
    expect(client.connected).toBe(true);
  });
});
