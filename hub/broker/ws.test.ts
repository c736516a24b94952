import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import type { MqttClient } from "mqtt";
import { call, connectDevice, connectMqtt, freePort, login, nextMessage, startTestHub, type TestHub } from "../testing/harness";

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

/** The HTTP status the hub answers a WebSocket upgrade with (101 when accepted). */
function upgradeStatus(cookie?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl(), "mqtt", cookie ? { headers: { cookie } } : {});
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
    expect(await upgradeStatus()).toBe(401);
    expect(await upgradeStatus("hub_session=forged")).toBe(401);
    const cookie = await login(hub);
    await call(hub, "POST", "/api/auth/v1/session/lock", { body: {}, cookie });
    expect(await upgradeStatus(cookie)).toBe(403);
  });

  it("accepts a valid session and delivers bridged readings a device published over TCP", async () => {
    const cookie = await login(hub);
    expect(await upgradeStatus(cookie)).toBe(101);
    const sensor = await device();
    sensor.publish("tele/balkon/SENSOR", JSON.stringify({ Time: "2024-01-01T10:00:00", BME280: { Temperature: -3.4, Humidity: 80.1, Pressure: 1001.2 }, PressureUnit: "hPa", TempUnit: "C" }));
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

  it("keeps another session's connection open when one session is locked", async () => {
    const kiosk = await login(hub, "demo", "demo", "kiosk");
    const phone = await login(hub, "demo", "demo", "phone");
    const phoneClient = await browser(phone);
    await call(hub, "POST", "/api/auth/v1/session/lock", { body: {}, cookie: kiosk });
    expect(await closed(phoneClient, 300)).toBe(false);
    expect(phoneClient.connected).toBe(true);
  });
});
