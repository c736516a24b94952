import type { MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEVICES_PATH, DevicesAnswerSchema, type Device } from "../../contract/devices";
import { startMosquitto, type TestMosquitto } from "../../tests/e2e/support/mosquitto";
import { loadFixture } from "../testing/fixtures";
import {
  call,
  connectDevice,
  connectMqtt,
  freePort,
  jsonOf,
  login,
  startTestHub,
  until,
  type TestHub,
} from "../testing/harness";
import { MAX_DEVICES_PER_SOURCE } from "./registry";

/** The real household (zigbee-herdsman-converters 26.112.0 definitions) the hostile entries come with. */
const HOUSEHOLD = loadFixture("zigbee2mqtt/bridge_devices_household.json");
type Entry = { friendly_name: string; type: string; definition: { exposes: unknown[] } | null };
const entries = HOUSEHOLD.json as Entry[];
const NAMES = entries.filter((entry) => entry.type !== "Coordinator").map((entry) => entry.friendly_name);
const plug = entries.find((entry) => entry.friendly_name === "Kitchen plug");

/** A device entry as Zigbee2MQTT lists it, with the plug's definition and `exposes`. */
const entry = (name: string, exposes: unknown[] = plug?.definition?.exposes ?? []) => ({
  ...plug,
  ieee_address: `0x${Buffer.from(name).toString("hex").padEnd(16, "0").slice(0, 16)}`,
  friendly_name: name,
  definition: { ...plug?.definition, exposes },
});
/** An expose nested `depth` composites deep, as JSON text (built as text: no recursion to parse it back). */
const deepExpose = (depth: number) =>
  `${'{"type":"composite","name":"c","property":"c","access":7,"features":['.repeat(depth)}{"type":"numeric","name":"n","property":"n","access":1}${"]}".repeat(depth)}`;

/** What a test needs of one broker setup. */
interface Setup {
  hub: TestHub;
  gateway: MqttClient;
  cookie: string;
}

const listed = async ({ hub, cookie }: Setup): Promise<Device[]> => {
  const response = await call(hub, "GET", `/api/v2${DEVICES_PATH}`, { cookie });
  expect(response.status).toBe(200);
  return (await jsonOf(response, DevicesAnswerSchema)).items.filter((item) => item.source === "zigbee2mqtt");
};

/** Hostile bridge/devices lists, each refused and counted; the household stays listed and the hub answers. */
async function refusesHostileDiscovery(setup: Setup): Promise<void> {
  const { hub, gateway } = setup;
  const registry = hub.devices.registry;
  await gateway.publishAsync(HOUSEHOLD.topic, HOUSEHOLD.payload, { qos: 1, retain: true });
  await until(() => registry.ofSource("zigbee2mqtt").length === NAMES.length);

  // One list: the household, plus a `__proto__` in an entry and in an expose, exposes 1,000 deep, `/` and `#` names.
  const before = registry.stats.refused;
  const household = JSON.stringify(entries).slice(1, -1);
  const protoEntry = JSON.stringify(entry("Evil entry")).replace(/^\{/, '{"__proto__":{"isAdmin":true},');
  const protoExpose = JSON.stringify(
    entry("Evil expose", [
      ...(plug?.definition?.exposes ?? []),
      { type: "binary", name: "x", property: "x", access: 1, value_on: true, value_off: false },
    ]),
  ).replace('{"type":"binary","name":"x"', '{"__proto__":{"polluted":1},"type":"binary","name":"x"');
  const deep = JSON.stringify(entry("Deep", [])).replace('"exposes":[]', `"exposes":[${deepExpose(1000)}]`);
  const slash = JSON.stringify(entry("kitchen/plug"));
  const hash = JSON.stringify(entry("plug#1"));
  const list = `[${household},${protoEntry},${protoExpose},${deep},${slash},${hash}]`;
  await gateway.publishAsync(HOUSEHOLD.topic, list, { qos: 1, retain: true });
  await until(() => registry.get("zigbee2mqtt:Evil expose") !== undefined);
  const names = (await listed(setup)).map((item) => item.name);
  expect(names.sort()).toEqual([...NAMES, "Evil expose"].sort());
  // The entry with a polluted expose is kept with its real exposes only.
  expect(registry.get("zigbee2mqtt:Evil expose")?.capabilities).toHaveLength(plug?.definition?.exposes.length ?? 0);
  expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  const reports = registry.reports().join("\n");
  expect(reports).toMatch(/entry \d+ has a __proto__, constructor or prototype key/);
  expect(reports).toContain("Evil expose: expose 12 has a __proto__, constructor or prototype key");
  expect(reports).toMatch(/entry \d+ nests deeper than 32/);
  expect(reports).toContain('zigbee2mqtt device name "kitchen/plug" is not a safe topic segment');
  expect(reports).toContain('zigbee2mqtt device name "plug#1" is not a safe topic segment');
  expect(registry.stats.refused).toBe(before + 5);

  // 100,000 entries: refused whole, what was known stays.
  const huge = JSON.stringify(
    Array.from({ length: 100_000 }, (_, n) => ({ friendly_name: `d${n}`, type: "EndDevice" })),
  );
  await gateway.publishAsync(HOUSEHOLD.topic, huge, { qos: 1, retain: true });
  await until(() => registry.stats.refused > before + 5);
  expect(registry.reports().at(-1)).toBe(
    `zigbee2mqtt/bridge/devices lists 100000 entries, more than ${MAX_DEVICES_PER_SOURCE}: refused whole`,
  );
  expect((await listed(setup)).map((item) => item.name).sort()).toEqual([...NAMES, "Evil expose"].sort());

  // A state with `__proto__` keeps the device's other values and pollutes nothing.
  await gateway.publishAsync(
    "zigbee2mqtt/Kitchen plug",
    '{"__proto__":{"polluted":1},"constructor":"x","state":"OFF","linkquality":90}',
    { qos: 1 },
  );
  await until(() => hub.devices.states.get("zigbee2mqtt:Kitchen plug")?.values.state === "OFF");
  expect(hub.devices.states.get("zigbee2mqtt:Kitchen plug")?.values).toEqual({ state: "OFF", linkquality: 90 });
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

describe("hostile Zigbee2MQTT discovery through the hub's embedded broker", () => {
  const setup = {} as Setup;

  beforeAll(async () => {
    // Default limits: the gateway's bridge/devices may be up to 8 MiB (limits.ts maxDeviceListBytes); 100,000 entries are 4 MB.
    setup.hub = await startTestHub({ mqttPort: await freePort() });
    setup.cookie = await login(setup.hub);
    setup.gateway = await connectDevice(setup.hub, "zigbee2mqtt");
  });
  afterAll(async () => {
    setup.gateway.end(true);
    await setup.hub.cleanup();
  });

  it("a __proto__ in an entry and in an expose, exposes 1,000 deep, names with / and #, 100,000 entries: each refused and counted, the household still listed", async () => {
    await refusesHostileDiscovery(setup);
  });
});

describe("hostile Zigbee2MQTT discovery on Mosquitto as the household broker", () => {
  let mosquitto: TestMosquitto;
  const setup = {} as Setup;

  beforeAll(async () => {
    mosquitto = await startMosquitto();
    setup.hub = await startTestHub({ mqttUrl: mosquitto.hubUrl, mqttWsUrl: mosquitto.wsUrl });
    setup.cookie = await login(setup.hub);
    setup.gateway = await connectMqtt(mosquitto.tcpUrl, {
      clientId: "zigbee2mqtt",
      ...(await mosquitto.deviceLogin("zigbee2mqtt")),
    });
    await new Promise((resolve) => setTimeout(resolve, 200)); // the hub's subscriptions are in place
  });
  afterAll(async () => {
    setup.gateway.end(true);
    await setup.hub.cleanup();
    await mosquitto.close();
  });

  it("the same hostile lists are refused and counted; the household still listed", async () => {
    await refusesHostileDiscovery(setup);
  });
});
