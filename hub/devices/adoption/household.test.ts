import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { MqttClient } from "mqtt";
import { afterEach, describe, expect, it } from "vitest";
import { adoptionPath, ListedDevicesAnswerSchema, seenPath, type ListedDevice } from "../../../contract/adoption";
import { DEVICES_PATH } from "../../../contract/devices";
import {
  HOUSEHOLD_EXPORT_PATH,
  HOUSEHOLD_IMPORT_PATH,
  HOUSEHOLD_SCHEMA_PATH,
  HouseholdImportAnswerSchema,
} from "../../../contract/household";
import { HOUSEHOLD_SCHEMA_FILE, householdSchemaText } from "../../../scripts/household-schema";
import { loadFixture } from "../../testing/fixtures";
import {
  call,
  connectDevice,
  freePort,
  jsonOf,
  login,
  startTestHub,
  tempDir,
  until,
  type TestHub,
} from "../../testing/harness";

const API = "/api/v2";

/** A household file with a switch, a sensor and adoptions in its `devices` section (and the editor's `$schema` hint). */
const HOUSEHOLD = {
  $schema: "./household.schema.json",
  switches: [{ name: "lampka2", label: "Lampka 2", purpose: "light", device: "GD-30W", relay: 2 }],
  sensors: [
    {
      id: "temp_salon",
      kind: "temp",
      place: "salon",
      label: "Salon",
      source: { type: "tasmota", device: "czujnik_salon", field: "BME280.Temperature" },
    },
  ],
  devices: {
    "zigbee2mqtt:weather_sensor": {
      label: "Balkon",
      use: { as: "sensor", kind: "temp", place: "balcony", property: "temperature" },
    },
    "zigbee2mqtt:bulb": { label: "Lampa", room: "Salon" },
  },
};

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A hub on `dataDir` reading `file`, with a TCP listener for devices; closed after the test unless `keep`. */
async function hubOn(dataDir: string, file?: string): Promise<TestHub> {
  const hub = await startTestHub({
    dataDir,
    mqttPort: await freePort(),
    ...(file !== undefined ? { householdConfigPath: file } : {}),
  });
  return hub;
}

/** Publishes the Zigbee2MQTT bridge/devices fixture as the gateway (optionally without some devices) and waits for the registry. */
async function announce(hub: TestHub, without: string[] = []): Promise<MqttClient> {
  const fixture = loadFixture("zigbee2mqtt/bridge_devices.json");
  const entries = (fixture.json as { friendly_name: string }[]).filter(
    (entry) => !without.includes(entry.friendly_name),
  );
  const gateway = await connectDevice(hub, "zigbee2mqtt");
  await gateway.publishAsync(fixture.topic, JSON.stringify(entries), { qos: 1, retain: true });
  await until(() => hub.devices.registry.ofSource("zigbee2mqtt").length === entries.length - 1);
  return gateway;
}

async function listed(hub: TestHub, cookie: string): Promise<Map<string, ListedDevice>> {
  const response = await call(hub, "GET", `${API}${DEVICES_PATH}`, { cookie });
  expect(response.status).toBe(200);
  return new Map((await jsonOf(response, ListedDevicesAnswerSchema)).items.map((item) => [item.id, item]));
}

function householdFile(content: unknown): string {
  const dir = tempDir("household-file-");
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, "household.json");
  writeFileSync(file, JSON.stringify(content));
  return file;
}

describe("adoptions in the hub's database, seeded by the household file, kept across restarts", () => {
  it("the file's devices section seeds; first seen and seen marks survive a restart and a device leaving; the database wins after", async () => {
    const dataDir = tempDir("adoption-restart-");
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const file = householdFile(HOUSEHOLD);

    const first = await hubOn(dataDir, file);
    let cookie = await login(first);
    let gateway = await announce(first);
    let devices = await listed(first, cookie);
    expect(devices.get("zigbee2mqtt:weather_sensor")?.adoption).toEqual({
      label: "Balkon",
      show: "home",
      hidden: false,
      use: { as: "sensor", kind: "temp", place: "balcony", property: "temperature" },
    });
    expect(devices.get("zigbee2mqtt:bulb")?.adoption).toEqual({
      label: "Lampa",
      room: "Salon",
      show: "home",
      hidden: false,
    });
    const firstSeen = new Map([...devices].map(([id, item]) => [id, item.firstSeen]));

    // The household changes one seeded adoption, removes the other, marks a device looked at.
    expect(
      (
        await call(first, "PUT", `${API}${adoptionPath("zigbee2mqtt:weather_sensor")}`, {
          cookie,
          body: { label: "Taras" },
        })
      ).status,
    ).toBe(200);
    expect((await call(first, "DELETE", `${API}${adoptionPath("zigbee2mqtt:bulb")}`, { cookie })).status).toBe(204);
    expect((await call(first, "POST", `${API}${seenPath("zigbee2mqtt:zigfred_plus")}`, { cookie })).status).toBe(204);
    // The bulb leaves and comes back: its first-seen time stays.
    gateway.end(true);
    gateway = await announce(first, ["bulb"]);
    expect(first.devices.registry.get("zigbee2mqtt:bulb")).toBeUndefined();
    gateway.end(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    gateway = await announce(first);
    expect((await listed(first, cookie)).get("zigbee2mqtt:bulb")?.firstSeen).toBe(firstSeen.get("zigbee2mqtt:bulb"));
    gateway.end(true);
    await first.close();

    const second = await hubOn(dataDir, file);
    cleanups.push(() => second.close());
    cookie = await login(second);
    gateway = await announce(second);
    cleanups.push(() => void gateway.end(true));
    devices = await listed(second, cookie);
    for (const [id, time] of firstSeen)
      expect({ id, firstSeen: devices.get(id)?.firstSeen }).toEqual({ id, firstSeen: time });
    expect(devices.get("zigbee2mqtt:zigfred_plus")?.seen).toBe(true);
    expect(devices.get("zigbee2mqtt:bulb_color_2")?.seen).toBe(false);
    expect(devices.get("zigbee2mqtt:weather_sensor")?.adoption).toEqual({
      label: "Taras",
      show: "home",
      hidden: false,
    });
    expect(devices.get("zigbee2mqtt:bulb")?.adoption).toBeNull();
  }, 30_000);
});

describe("the household file as an export and import", () => {
  it("export, then import into a fresh hub, gives the same adoptions; the other sections are named as read at start only", async () => {
    const source = await hubOn(tempDir("adoption-export-"), householdFile(HOUSEHOLD));
    cleanups.push(() => source.cleanup());
    const cookie = await login(source);
    const gateway = await announce(source);
    cleanups.push(() => void gateway.end(true));
    const body = { use: { as: "garage", endpoint: "l6" }, room: "Garaż" };
    expect(
      (await call(source, "PUT", `${API}${adoptionPath("zigbee2mqtt:zigfred_plus")}`, { cookie, body })).status,
    ).toBe(200);

    const exported = await call(source, "GET", `${API}${HOUSEHOLD_EXPORT_PATH}`, { cookie });
    expect(exported.status).toBe(200);
    const household = (await exported.json()) as Record<string, unknown>;
    expect(household.devices).toEqual({
      "zigbee2mqtt:bulb": { label: "Lampa", room: "Salon", show: "home", hidden: false },
      "zigbee2mqtt:weather_sensor": {
        label: "Balkon",
        show: "home",
        hidden: false,
        use: { as: "sensor", kind: "temp", place: "balcony", property: "temperature" },
      },
      "zigbee2mqtt:zigfred_plus": { room: "Garaż", show: "home", hidden: false, use: { as: "garage", endpoint: "l6" } },
    });
    expect(household.switches).toEqual([expect.objectContaining({ name: "lampka2", device: "GD-30W" })]);

    const target = await startTestHub();
    cleanups.push(() => target.cleanup());
    const other = await login(target);
    const imported = await call(target, "POST", `${API}${HOUSEHOLD_IMPORT_PATH}`, { cookie: other, body: household });
    expect(imported.status).toBe(200);
    const { item } = await jsonOf(imported, HouseholdImportAnswerSchema);
    expect(item.devices).toEqual(household.devices);
    expect(item.fileOnly).toEqual(expect.arrayContaining(["switches", "sensors"]));
    expect(item.fileOnly).not.toContain("devices");
    expect(item.message).toContain("restart");
    const again = await call(target, "GET", `${API}${HOUSEHOLD_EXPORT_PATH}`, { cookie: other });
    expect(((await again.json()) as { devices: unknown }).devices).toEqual(household.devices);

    // An import replaces every adoption; a file without a devices section leaves them.
    const replaced = await call(target, "POST", `${API}${HOUSEHOLD_IMPORT_PATH}`, {
      cookie: other,
      body: { devices: { "zigbee2mqtt:bulb": { hidden: true } } },
    });
    expect((await jsonOf(replaced, HouseholdImportAnswerSchema)).item.devices).toEqual({
      "zigbee2mqtt:bulb": { show: "home", hidden: true },
    });
    const none = await call(target, "POST", `${API}${HOUSEHOLD_IMPORT_PATH}`, {
      cookie: other,
      body: { switches: [] },
    });
    expect((await jsonOf(none, HouseholdImportAnswerSchema)).item).toMatchObject({
      devices: { "zigbee2mqtt:bulb": { show: "home", hidden: true } },
      fileOnly: ["switches"],
    });
  }, 30_000);

  it("an import the household schema refuses, with two adoptions in one place, or over 1 MiB stores nothing", async () => {
    const hub = await startTestHub();
    cleanups.push(() => hub.cleanup());
    const cookie = await login(hub);
    const post = (body: unknown) => call(hub, "POST", `${API}${HOUSEHOLD_IMPORT_PATH}`, { cookie, body });
    const refused: [unknown, number, string][] = [
      [{ devices: { "zigbee2mqtt:bulb": { show: "roof" } } }, 400, "devices.?.show:"],
      [{ devices: "all" }, 400, "devices:"],
      [{ switches: [{ name: "x" }] }, 400, "switches.0."],
      [[], 400, "body:"],
      [
        {
          devices: {
            "zigbee2mqtt:a": { use: { as: "gate" } },
            "zigbee2mqtt:b": { use: { as: "gate" } },
          },
        },
        400,
        "devices.use.as: zigbee2mqtt:",
      ],
    ];
    for (const [body, status, message] of refused) {
      const response = await post(body);
      expect({ body, status: response.status }).toEqual({ body, status });
      expect(((await response.json()) as { message: string }).message).toContain(message);
    }
    // Within 1 MiB (beyond the other routes' 256 KiB) is taken; over it, 413.
    const many = Object.fromEntries(
      Array.from({ length: 1500 }, (_, index) => [`zigbee2mqtt:device ${index}`, { label: "x".repeat(200) }]),
    );
    expect(JSON.stringify({ devices: many }).length).toBeGreaterThan(256 * 1024);
    expect((await post({ devices: many })).status).toBe(200);
    const huge = await post({ devices: many, padding: "x".repeat(1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ code: "BAD_REQUEST", message: "body: larger than the 1 MiB limit" });
    const exported = await call(hub, "GET", `${API}${HOUSEHOLD_EXPORT_PATH}`, { cookie });
    expect(Object.keys(((await exported.json()) as { devices: object }).devices)).toHaveLength(1500);
  }, 30_000);
});

describe("the household file's JSON Schema for editors", () => {
  it("docs/household.schema.json holds exactly what npm run household-schema builds, and the hub serves it to a session", async () => {
    const text = readFileSync(HOUSEHOLD_SCHEMA_FILE, "utf8");
    expect(text).toBe(await householdSchemaText());
    const schema = JSON.parse(text) as { $schema: string; properties: Record<string, unknown> };
    expect(schema.$schema).toBe("http://json-schema.org/draft-07/schema#");
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(["devices", "switches", "sensors", "cameras"]),
    );

    const hub = await startTestHub();
    cleanups.push(() => hub.cleanup());
    expect((await call(hub, "GET", `${API}${HOUSEHOLD_SCHEMA_PATH}`)).status).toBe(401);
    const response = await call(hub, "GET", `${API}${HOUSEHOLD_SCHEMA_PATH}`, { cookie: await login(hub) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(schema);
  });
});
