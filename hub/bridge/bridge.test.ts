import * as v from "valibot";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MqttClient } from "mqtt";
import { BridgeStatsAnswerSchema } from "../../contract/bridge";
import { SensorReadingSchema } from "../../contract/sensors";
import {
  call,
  connectBrowser,
  connectDevice,
  freePort,
  jsonOf,
  login,
  nextMessage,
  startTestHub,
  type TestHub,
} from "../testing/harness";
import { loadFixture } from "../testing/fixtures";

const Stats = BridgeStatsAnswerSchema;

let hub: TestHub;
/** The Tasmota device `balkon` and the Zigbee2MQTT gateway, each logged in with its own MQTT user. */
let balkon: MqttClient;
let gateway: MqttClient;
beforeEach(async () => {
  hub = await startTestHub({ mqttPort: await freePort() });
  balkon = await connectDevice(hub, "balkon");
  gateway = await connectDevice(hub, "zigbee2mqtt");
});
afterEach(async () => {
  balkon.end(true);
  gateway.end(true);
  await hub.cleanup();
});

const stats = async (cookie: string) =>
  (await jsonOf(await call(hub, "GET", "/api/v2/bridge/stats", { cookie }), Stats)).item;

describe("the bridge inside a running hub", () => {
  it("turns a real Zigbee2MQTT weather payload published by a device into a retained sensor reading", async () => {
    const fixture = loadFixture("zigbee2mqtt/state_weather_sensor.json");
    await gateway.publishAsync("zigbee2mqtt/czujnik_ogrod", fixture.payload);
    const late = await connectBrowser(hub);
    try {
      const message = await nextMessage(late, "sensor/temp/outside");
      expect(message.retain).toBe(true);
      expect(JSON.parse(message.payload)).toMatchObject({ value: 22.4 });
      expect(Date.now() - Date.parse(v.parse(SensorReadingSchema, JSON.parse(message.payload)).time)).toBeLessThan(
        10_000,
      );
    } finally {
      late.end(true);
    }
  });

  it("counts hostile input (non-JSON, 512 KB, __proto__ name) as dropped and keeps working; the 512 KB payload is stopped by the broker's payload cap first", async () => {
    const cookie = await login(hub);
    const before = await stats(cookie);
    const hostileName = await connectDevice(hub, "constructor");
    await balkon.publishAsync("tele/balkon/SENSOR", "definitely not json");
    await gateway.publishAsync("zigbee2mqtt/czujnik_ogrod", Buffer.alloc(512 * 1024, 0x7b));
    await gateway.publishAsync("zigbee2mqtt/__proto__", '{"temperature":1}');
    await hostileName.publishAsync("tele/constructor/LWT", "Online", { qos: 1 });
    await hostileName.endAsync();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await stats(cookie);
    expect(after.received - before.received).toBe(3);
    expect(after.dropped - before.dropped).toBe(3);
    expect(after.published).toBe(before.published);
    expect(after.brokerLimits?.["payload too large"]).toBe(1);

    const watcher = await connectBrowser(hub, cookie);
    try {
      const reading = nextMessage(watcher, "sensor/pressure/balcony");
      await new Promise((resolve) => setTimeout(resolve, 100));
      await balkon.publishAsync("tele/balkon/SENSOR", loadFixture("tasmota/sensor_bme280.json").payload);
      expect(JSON.parse((await reading).payload)).toMatchObject({ value: 988.6 });
    } finally {
      watcher.end(true);
    }
  });

  it("counts a German-locale SENSOR as ignored fields, not as a reading", async () => {
    const cookie = await login(hub);
    const before = await stats(cookie);
    await balkon.publishAsync(
      "tele/balkon/SENSOR",
      loadFixture("tasmota/sensor_si7021_bme280_german_locale.json").payload,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await stats(cookie);
    expect(after.ignored - before.ignored).toBe(3);
    expect(after.published - before.published).toBe(1); // only the tasmota/tele pass-through
  });
});
