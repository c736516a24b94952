import * as v from "valibot";
import { SensorReadingSchema } from "../../contract/sensors";
import { afterEach, describe, expect, it } from "vitest";
import { connectBrowser, nextMessage, startTestHub, type TestHub } from "../testing/harness";
import { loadFixture } from "../testing/fixtures";
import { demoDevices } from "../domains";
import { tasmotaSwitch } from "./devices";
import { daylightLux, RandomWalk } from "./random-walk";

let hub: TestHub | undefined;
afterEach(async () => {
  await hub?.cleanup();
  hub = undefined;
});

/** The nested key structure of a JSON value (keys only), to compare simulated payloads with real ones. */
function shape(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return typeof value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shape(inner)]));
}

describe("simulated devices", () => {
  it("publish the same native payload shapes as the real devices in the fixtures", () => {
    const at = new Date("2026-06-01T12:00:00");
    const messages = demoDevices(() => 0.5).flatMap((device) => device.tick(at));
    const payloadOf = (topic: string) =>
      JSON.parse(messages.find((m) => m.topic === topic)?.payload ?? "null") as unknown;
    expect(shape(payloadOf("tele/balkon/SENSOR"))).toEqual(shape(loadFixture("tasmota/sensor_bme280.json").json));
    expect(shape(payloadOf("zigbee2mqtt/czujnik_ogrod"))).toEqual(
      shape(loadFixture("zigbee2mqtt/state_weather_sensor.json").json),
    );
    expect(shape(payloadOf("zigbee2mqtt/drzwi_wejsciowe"))).toEqual(
      shape(loadFixture("zigbee2mqtt/state_contact_sensor.json").json),
    );
    const pm = payloadOf("tele/powietrze/SENSOR");
    expect(pm).toMatchObject({ SDS0X1: { "PM2.5": expect.any(Number), PM10: expect.any(Number) } });
    expect(messages).toContainEqual({ topic: "tele/balkon/LWT", payload: "Online", retain: true });
  });

  it("drift within bounds and keep light at 0 lux at night", () => {
    const walk = new RandomWalk(20, -20, 35, 5);
    for (let i = 0; i < 1000; i++) {
      const value = walk.next();
      expect(value).toBeGreaterThanOrEqual(-20);
      expect(value).toBeLessThanOrEqual(35);
    }
    expect(daylightLux(2)).toBe(0);
    expect(daylightLux(13)).toBeGreaterThan(20_000);
  });

  it("a switch toggles now and then with stat/<t>/POWER<n> and reports every relay in tele STATE", () => {
    const random = () => 0.05; // below the 10 % toggle chance: relay 1 toggles every round after the first
    const listwa = tasmotaSwitch("listwa", 3, random);
    listwa.tick(new Date());
    const second = listwa.tick(new Date());
    expect(second).toContainEqual({ topic: "stat/listwa/POWER1", payload: "OFF", retain: false });
    const state = JSON.parse(second.find((m) => m.topic === "tele/listwa/STATE")?.payload ?? "{}") as unknown;
    expect(state).toMatchObject({
      POWER1: expect.stringMatching(/ON|OFF/),
      POWER2: expect.stringMatching(/ON|OFF/),
      POWER3: expect.stringMatching(/ON|OFF/),
    });
  });

  it("a switch answers Tasmota power commands with the fixtures' exact RESULT and raw POWER<n> messages", () => {
    const toggle = loadFixture("tasmota/result_power_toggle.json"); // stat/tasmota_switch/RESULT {"POWER":"ON"}
    const raw = loadFixture("tasmota/stat_power1_raw.json"); // stat/GD-30W/POWER1 ON
    const pompa = tasmotaSwitch("pompa", 1, () => 0.9); // starts OFF
    expect(pompa.commandFilters).toEqual(["cmnd/pompa/#"]);
    expect(pompa.command?.("cmnd/pompa/POWER", "TOGGLE", new Date())).toEqual([
      { topic: "stat/pompa/RESULT", payload: toggle.payload.toString("utf8"), retain: false },
      { topic: "stat/pompa/POWER", payload: "ON", retain: false },
    ]);
    const listwa = tasmotaSwitch("listwa", 3, () => 0.9);
    const answer = listwa.command?.("cmnd/listwa/POWER1", "ON", new Date()) ?? [];
    expect(answer).toEqual([
      { topic: "stat/listwa/RESULT", payload: JSON.stringify({ POWER1: "ON" }), retain: false },
      { topic: "stat/listwa/POWER1", payload: raw.payload.toString("utf8"), retain: false },
    ]);
    expect(raw.topic.endsWith("/POWER1")).toBe(true);
    // Tasmota takes the command in any case and 0/1/2; an empty payload asks for the state; the state is reported in tele STATE.
    expect(listwa.command?.("cmnd/listwa/Power3", "1", new Date())?.[1]).toEqual({
      topic: "stat/listwa/POWER3",
      payload: "ON",
      retain: false,
    });
    expect(listwa.command?.("cmnd/listwa/POWER3", "", new Date())?.[1]).toEqual({
      topic: "stat/listwa/POWER3",
      payload: "ON",
      retain: false,
    });
    expect(listwa.command?.("cmnd/listwa/POWER1", "off", new Date())?.[1]).toEqual({
      topic: "stat/listwa/POWER1",
      payload: "OFF",
      retain: false,
    });
    const state = JSON.parse(
      listwa.tick(new Date()).find((m) => m.topic === "tele/listwa/STATE")?.payload ?? "{}",
    ) as unknown;
    expect(state).toMatchObject({ POWER1: "OFF", POWER2: "OFF", POWER3: "ON" });
    // A relay it does not have, or another command: Tasmota's {"Command":"Unknown"}.
    expect(listwa.command?.("cmnd/listwa/POWER4", "ON", new Date())).toEqual([
      { topic: "stat/listwa/RESULT", payload: '{"Command":"Unknown"}', retain: false },
    ]);
  });

  it("a switch announces itself with LWT Online, retained, as the fixture", () => {
    const online = loadFixture("tasmota/lwt_online.json");
    expect(tasmotaSwitch("pompa", 1, () => 0.9).tick(new Date())[0]).toEqual({
      topic: "tele/pompa/LWT",
      payload: online.payload.toString("utf8"),
      retain: true,
    });
  });
});

describe("demo mode", () => {
  it("the simulator's native payloads come out of the bridge as sensor/ and power/ topics (no MQTT users needed: it publishes in process)", async () => {
    hub = await startTestHub({ simulator: true, simulatorIntervalMs: 200 });
    const client = await connectBrowser(hub);
    try {
      // The dashboard sees the native payload only as the bridge's pass-through.
      const native = await nextMessage(client, "tasmota/tele/piwnica/SENSOR");
      expect(native.payload).toContain("DS18B20-1");
      for (const topic of [
        "sensor/temp/balcony",
        "sensor/temp/outside",
        "sensor/temp/tunnel",
        "sensor/temp/living_room",
        "sensor/light/outside",
        "sensor/door/entrance",
        "sensor/pm25/outside",
        "sensor/batt/entrance",
      ]) {
        const message = await nextMessage(client, topic);
        expect(v.safeParse(SensorReadingSchema, JSON.parse(message.payload)).success, topic).toBe(true);
      }
      expect(JSON.parse((await nextMessage(client, "power/listwa/POWER2")).payload)).toEqual({
        state: expect.stringMatching(/^(ON|OFF)$/),
      });
      expect(JSON.parse((await nextMessage(client, "availability/drzwi_wejsciowe")).payload)).toEqual({
        state: "online",
      });
    } finally {
      client.end(true);
    }
  });
});
