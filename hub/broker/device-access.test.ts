import type { Client } from "aedes";
import type { MqttClient } from "mqtt";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../cli";
import { MqttUserStore } from "./mqtt-users";
import { openDb } from "../domains";
import {
  call,
  connectBrowser,
  connectDevice,
  connectMqtt,
  deviceLogin,
  freePort,
  grantedQos,
  login,
  nextMessage,
  startTestHub,
  type TestHub,
} from "../testing/harness";
import { loadFixture } from "../testing/fixtures";
import { DeviceAccessControl, REFUSED_TOPIC } from "./device-access";

// Attacks on the embedded broker's device listener: what an anonymous client
// and a device outside its ACL could do before, refused now; the demo devices log in with their
// own MQTT users, as a household's do.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function hubWithTcp(overrides: Parameters<typeof startTestHub>[0] = {}): Promise<TestHub> {
  const hub = await startTestHub({ mqttPort: await freePort(), ...overrides });
  cleanups.push(() => hub.cleanup());
  return hub;
}

const tcpUrl = (hub: TestHub) => `mqtt://127.0.0.1:${hub.mqttPort}`;
const keep = <T extends MqttClient>(client: T): T => {
  cleanups.push(() => void client.end(true));
  return client;
};
const device = async (hub: TestHub, username: string, options: Parameters<typeof connectDevice>[2] = {}) =>
  keep(await connectDevice(hub, username, options));
const browser = async (hub: TestHub, cookie?: string) => keep(await connectBrowser(hub, cookie));

/** The CONNACK return code a refused connection got (mqtt.js puts it on the error's `code`). */
async function refusedWith(url: string, options: Parameters<typeof connectMqtt>[1] = {}): Promise<unknown> {
  try {
    keep(await connectMqtt(url, options));
  } catch (error) {
    return (error as { code?: unknown }).code;
  }
  return "connected";
}

/** Every topic `client` receives from now on. */
function recorder(client: MqttClient): string[] {
  const seen: string[] = [];
  client.on("message", (topic, payload) => seen.push(`${topic} ${payload.toString("utf8")}`));
  return seen;
}

const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));
const closed = (client: MqttClient, timeoutMs: number) =>
  new Promise<boolean>((resolve) => {
    if (!client.connected) return resolve(true);
    const timer = setTimeout(() => resolve(false), timeoutMs);
    client.once("close", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
const granted = grantedQos;

describe("device credentials (CONNECT)", () => {
  it("refuses anonymous TCP clients with CONNACK 5, bad credentials with 4, and admits a device user", async () => {
    const hub = await hubWithTcp();
    expect(await refusedWith(tcpUrl(hub))).toBe(5);
    const { password } = await deviceLogin(hub, "balkon");
    expect(await refusedWith(tcpUrl(hub), { username: "balkon", password: "wrong" })).toBe(4);
    expect(await refusedWith(tcpUrl(hub), { username: "nobody", password })).toBe(4);
    expect(await refusedWith(tcpUrl(hub), { username: "balkon" })).toBe(4);
    expect(await refusedWith(tcpUrl(hub), { username: "balkon", password })).toBe("connected");
  });

  it("wrong passwords are rate limited: after 5, even the right one waits (CONNACK 5, no scrypt check), then works", async () => {
    const hub = await hubWithTcp();
    const { password } = await deviceLogin(hub, "pompa");
    for (let i = 0; i < 5; i++)
      expect(await refusedWith(tcpUrl(hub), { username: "pompa", password: `guess-${i}` })).toBe(4);
    const started = performance.now();
    expect(await refusedWith(tcpUrl(hub), { username: "pompa", password })).toBe(5);
    expect(performance.now() - started).toBeLessThan(500);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the first delay is 1 s
    expect(await refusedWith(tcpUrl(hub), { username: "pompa", password })).toBe("connected");
  });

  it("admits anonymous devices only with HUB_MQTT_ALLOW_ANONYMOUS=1, and even they cannot write the dashboard's topics", async () => {
    const hub = await hubWithTcp({ mqttAllowAnonymous: true });
    const anonymous = keep(await connectMqtt(tcpUrl(hub)));
    const watcher = await browser(hub);
    const seen = recorder(watcher);
    await watcher.subscribeAsync("#");
    const reading = nextMessage(watcher, "sensor/temp/balcony");
    await anonymous.publishAsync(
      "sensor/temp/outside",
      JSON.stringify({ value: -55, time: new Date().toISOString() }),
      { qos: 1 },
    );
    await anonymous.publishAsync("tele/balkon/SENSOR", loadFixture("tasmota/sensor_bme280.json").payload, { qos: 1 });
    expect(JSON.parse((await reading).payload)).toMatchObject({ value: 21.7 });
    await settle();
    expect(seen.filter((line) => line.startsWith("sensor/temp/outside"))).toEqual([]);
    expect(anonymous.connected).toBe(true);
  });

  it("mqtt remove closes the device's connection and its next login fails; mqtt passwd closes it and the new password works", async () => {
    const hub = await hubWithTcp();
    const env = { HUB_DATA_DIR: hub.dataDir };
    const io = { env, out: () => undefined, err: () => undefined, readStdin: async () => "" };
    const pump = await device(hub, "pompa");
    const kitchen = await device(hub, "kuchnia");
    const pumpClosed = closed(pump, 4000);
    expect(await runCli(["mqtt", "passwd", "pompa", "--password", "nowe-haslo"], io)).toBe(0);
    expect(await pumpClosed).toBe(true);
    expect(await refusedWith(tcpUrl(hub), { username: "pompa", password: "nowe-haslo", clientId: "pompa-2" })).toBe(
      "connected",
    );

    const kitchenClosed = closed(kitchen, 4000);
    expect(await runCli(["mqtt", "remove", "kuchnia"], io)).toBe(0);
    expect(await kitchenClosed).toBe(true);
    const { password } = await deviceLogin(hub, "kuchnia"); // the password this process gave it
    expect(await refusedWith(tcpUrl(hub), { username: "kuchnia", password })).toBe(4);
  });
});

describe("a Tasmota device outside its ACL", () => {
  it("cannot publish another device's readings, commands or Zigbee2MQTT commands: dropped, and it stays connected", async () => {
    const hub = await hubWithTcp();
    const balkon = await device(hub, "balkon");
    const pump = await device(hub, "pompa");
    const gateway = await device(hub, "zigbee2mqtt");
    const watcher = await browser(hub);
    const seen = [...[pump, gateway, watcher].map(recorder)];
    await pump.subscribeAsync("cmnd/pompa/#");
    await gateway.subscribeAsync("zigbee2mqtt/#");
    await watcher.subscribeAsync("#");
    // What the hub had already published retained (the demo's IR blaster on features/ir/ and ir/) is not the devices' doing.
    await settle();
    for (const list of seen) list.length = 0;

    await balkon.publishAsync("tele/piwnica/SENSOR", JSON.stringify({ DS18B20: { Temperature: 99 } }), { qos: 1 });
    await balkon.publishAsync("cmnd/pompa/POWER", "ON", { qos: 1 });
    await balkon.publishAsync("zigbee2mqtt/lampa_salon/set", JSON.stringify({ state: "ON" }), { qos: 1 });
    await balkon.publishAsync("$SYS/broker/uptime", "0", { qos: 0 });
    await settle();
    expect(seen.flat()).toEqual([]);
    expect(balkon.connected).toBe(true);

    // Its own readings still go through, on the same connection.
    const reading = nextMessage(watcher, "sensor/temp/balcony");
    await balkon.publishAsync("tele/balkon/SENSOR", loadFixture("tasmota/sensor_bme280.json").payload, { qos: 1 });
    expect(JSON.parse((await reading).payload)).toMatchObject({ value: 21.7 });
  });

  it("cannot subscribe to # or another device's commands (SUBACK 0x80), but to its own, the group and fallback topics", async () => {
    const hub = await hubWithTcp();
    const balkon = await device(hub, "balkon", { clientId: "DVES_1A2B3C" });
    for (const filter of ["#", "cmnd/#", "cmnd/pompa/#", "tele/#", "sensor/#", "$SYS/#", REFUSED_TOPIC]) {
      expect(await granted(balkon, filter), filter).toBe(128);
    }
    for (const filter of ["cmnd/balkon/#", "cmnd/tasmotas/#", "cmnd/DVES_1A2B3C_fb/#"])
      expect(await granted(balkon, filter), filter).toBe(0);
    expect(balkon.connected).toBe(true);
  });
});

describe("a Zigbee2MQTT gateway", () => {
  it("reads what Zigbee2MQTT subscribes to, publishes states, and its command publishes never reach anyone", async () => {
    const hub = await hubWithTcp();
    const gateway = await device(hub, "zigbee2mqtt");
    const seen = recorder(gateway);
    for (const filter of ["zigbee2mqtt/#", "homeassistant/status"])
      expect(await granted(gateway, filter), filter).toBe(0);
    for (const filter of ["#", "+/#", "cmnd/#", "tele/#"]) expect(await granted(gateway, filter), filter).toBe(128);
    await gateway.publishAsync("zigbee2mqtt/lampa_salon/set", JSON.stringify({ state: "ON" }), { qos: 1 });
    await gateway.publishAsync("zigbee2mqtt/bridge/request/permit_join", JSON.stringify({ value: true }), { qos: 1 });
    await settle();
    expect(seen).toEqual([]);

    const watcher = await browser(hub);
    const reading = nextMessage(watcher, "sensor/temp/outside");
    await gateway.publishAsync(
      "zigbee2mqtt/czujnik_ogrod",
      loadFixture("zigbee2mqtt/state_weather_sensor.json").payload,
      { qos: 1 },
    );
    expect(JSON.parse((await reading).payload)).toMatchObject({ value: 22.4 });
  });
});

describe("the dashboard's namespace is the hub's", () => {
  it("a device publishing sensor/temp/outside reaches neither a live subscriber nor a later one (retained)", async () => {
    const hub = await hubWithTcp();
    const gateway = await device(hub, "zigbee2mqtt");
    await gateway.publishAsync(
      "zigbee2mqtt/czujnik_ogrod",
      loadFixture("zigbee2mqtt/state_weather_sensor.json").payload,
      { qos: 1 },
    );
    const watcher = await browser(hub);
    const seen = recorder(watcher);
    await watcher.subscribeAsync("sensor/#");
    await settle(100);
    seen.length = 0;
    await gateway.publishAsync("sensor/temp/outside", JSON.stringify({ value: -55, time: new Date().toISOString() }), {
      qos: 1,
      retain: true,
    });
    await settle();
    expect(seen).toEqual([]);
    const late = await browser(hub);
    expect(JSON.parse((await nextMessage(late, "sensor/temp/outside")).payload)).toMatchObject({ value: 22.4 });
    expect(gateway.connected).toBe(true);
  });

  it("settings/garageLight cannot be overwritten by a device, nor by its will", async () => {
    const hub = await hubWithTcp();
    const cookie = await login(hub);
    expect(
      (
        await call(hub, "PATCH", "/api/auth/v1/settings", {
          cookie,
          body: { key: "garageLight", value: "lampa_salon" },
        })
      ).status,
    ).toBe(200);
    const balkon = await device(hub, "balkon", {
      will: { topic: "settings/garageLight", payload: Buffer.from('{"on":true}'), qos: 1, retain: true },
    });
    await balkon.publishAsync("settings/garageLight", JSON.stringify({ on: true }), { qos: 1, retain: true });
    balkon.stream.destroy(); // an unclean end publishes the will
    await settle();
    const late = await browser(hub, cookie);
    const message = await nextMessage(late, "settings/garageLight");
    expect(message.retain).toBe(true);
    expect(JSON.parse(message.payload)).toEqual("lampa_salon");
  });
});

describe("client ids", () => {
  it("a device user cannot take over a client id held by another user; the same user can (a reconnect)", async () => {
    const hub = await hubWithTcp();
    const balkon = await device(hub, "balkon", { clientId: "shared-id" });
    const { password } = await deviceLogin(hub, "pompa");
    expect(await refusedWith(tcpUrl(hub), { username: "pompa", password, clientId: "shared-id" })).toBe(2);
    await settle(100);
    expect(balkon.connected).toBe(true);
    const wasClosed = closed(balkon, 3000);
    await device(hub, "balkon", { clientId: "shared-id" });
    expect(await wasClosed).toBe(true);
  });
});

describe("DeviceAccessControl", () => {
  it("logs a device's refused publish once per connection, with the reason, and drops it without an error", async () => {
    const hub = await hubWithTcp();
    const warnings: unknown[] = [];
    const log = {
      info: () => undefined,
      warn: (o: unknown) => warnings.push(o),
      error: () => undefined,
      debug: () => undefined,
    };
    const db = openDb(hub.dataDir);
    cleanups.push(() => void db.close());
    const users = new MqttUserStore(db);
    const { password } = await deviceLogin(hub, "balkon");
    const control = new DeviceAccessControl({ users, allowAnonymous: false, log });
    cleanups.push(() => control.close());
    const client = { id: "DVES_1", conn: {}, closed: false } as unknown as Client;
    const authenticated = await new Promise<boolean | null>((resolve) =>
      control.hooks.authenticate(client, "balkon", Buffer.from(password), (_e, ok) => resolve(ok)),
    );
    expect(authenticated).toBe(true);
    for (const topic of ["sensor/temp/outside", "cmnd/pompa/POWER"]) {
      const packet = {
        cmd: "publish" as const,
        topic,
        payload: Buffer.from("x"),
        qos: 0 as const,
        retain: true,
        dup: false,
      };
      const error = await new Promise<unknown>((resolve) => control.hooks.authorizePublish(client, packet, resolve));
      expect(error).toBeNull();
      expect(packet).toMatchObject({ topic: REFUSED_TOPIC, retain: false, payload: Buffer.alloc(0) });
    }
    expect(warnings).toEqual([
      expect.objectContaining({
        clientId: "DVES_1",
        username: "balkon",
        topic: "sensor/temp/outside",
        reason: expect.stringMatching(/written only by the hub/),
      }),
    ]);
  });
});
