import type { MqttClient } from "mqtt";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEVICES_PATH,
  DEVICES_REVISION_TOPIC,
  DeviceStatePayloadSchema,
  DevicesAnswerSchema,
  DevicesRevisionSchema,
  deviceStateTopic,
  type Device,
} from "../../contract/devices";
import { adoptionPath, ListedDevicesAnswerSchema } from "../../contract/adoption";
import { startMosquitto, type TestMosquitto } from "../../tests/e2e/support/mosquitto";
import { HubError } from "../core/errors";
import { loadFixture } from "../testing/fixtures";
import {
  call,
  connectBrowser,
  connectDevice,
  connectMqtt,
  freePort,
  jsonOf,
  login,
  nextMessage,
  startTestHub,
  until,
  type TestHub,
} from "../testing/harness";

/** The household: 15 real models' bridge/devices entries (zigbee-herdsman-converters 26.112.0) and the coordinator. */
const HOUSEHOLD = loadFixture("zigbee2mqtt/bridge_devices_household.json");
type Entry = { friendly_name: string; type: string; ieee_address: string; definition: { exposes: unknown[] } | null };
const entries = HOUSEHOLD.json as Entry[];
const NAMES = entries.filter((entry) => entry.type !== "Coordinator").map((entry) => entry.friendly_name);
/** Their states as Zigbee2MQTT publishes them (written from the exposes), by friendly name. */
const STATES = loadFixture("zigbee2mqtt/household_states.json").json as Record<string, Record<string, unknown>>;
const event = (name: string) => loadFixture(`zigbee2mqtt/${name}.json`);

const z2m = (name: string) => `zigbee2mqtt:${name}`;

/** What a test needs of one broker setup: the hub, the gateway's client and a dashboard's. */
interface Setup {
  hub: TestHub;
  gateway: MqttClient;
  dashboard: MqttClient;
  cookie: string;
}

const devicesOf = async ({ hub, cookie }: Setup): Promise<Device[]> => {
  const response = await call(hub, "GET", `/api/v2${DEVICES_PATH}`, { cookie });
  expect(response.status).toBe(200);
  return (await jsonOf(response, DevicesAnswerSchema)).items.filter((item) => item.source === "zigbee2mqtt");
};
const stateOn = (client: MqttClient, id: string, where: (values: Record<string, unknown>) => boolean) =>
  nextMessage(client, deviceStateTopic(id), 5000, (text) => {
    if (text === "") return false;
    const parsed = v.safeParse(DeviceStatePayloadSchema, JSON.parse(text));
    return parsed.success && where(parsed.output.values);
  }).then((message) => v.parse(DeviceStatePayloadSchema, JSON.parse(message.payload)));

/** The household is published, appears on GET /devices, and its states reach a dashboard: on either broker. */
async function discoversTheHousehold(setup: Setup): Promise<void> {
  const { hub, gateway, dashboard } = setup;
  const revision = nextMessage(dashboard, DEVICES_REVISION_TOPIC, 5000, () => true);
  await gateway.publishAsync(HOUSEHOLD.topic, HOUSEHOLD.payload, { qos: 1, retain: true });
  await until(() => hub.devices.registry.ofSource("zigbee2mqtt").length === NAMES.length);
  const listed = await devicesOf(setup);
  expect(listed.map((item) => item.name).sort()).toEqual([...NAMES].sort());
  expect(hub.devices.registry.reports()).toEqual([]);
  expect(v.parse(DevicesRevisionSchema, JSON.parse((await revision).payload)).revision).toBeGreaterThan(0);

  const byName = new Map(listed.map((item) => [item.name, item]));
  const kinds = (name: string) =>
    byName.get(name)?.capabilities.map((item) => `${item.type}${item.endpoint ? `@${item.endpoint}` : ""}`);
  expect(kinds("Hall relay")).toEqual(expect.arrayContaining(["switch@l1", "switch@l2"]));
  expect(kinds("Bedroom blind")).toEqual(["cover", "enum", "numeric"]);
  expect(kinds("Living room valve")).toContain("climate");
  expect(kinds("Front door lock")).toContain("lock");
  expect(kinds("Garden lights")).toContain("list");
  expect(byName.get("Garden lights")?.capabilities.find((item) => item.type === "list")).toMatchObject({
    property: "gradient",
    item_type: { type: "text", name: "hex" },
    length_min: 1,
    length_max: 9,
  });
  // Every expose of every definition is a capability (descriptions over 512 characters cut).
  for (const entry of entries.filter((item) => item.definition))
    expect(byName.get(entry.friendly_name)?.capabilities).toHaveLength(entry.definition?.exposes.length ?? 0);
  expect(
    byName.get("Living room valve")?.capabilities.find((item) => item.name === "external_measured_room_sensor")
      ?.description,
  ).toHaveLength(512);

  // States: the relay's endpoints, battery and link quality; a key that is no capability is left out.
  const relay = stateOn(dashboard, z2m("Hall relay"), (values) => values.state_l2 === "OFF");
  const leak = stateOn(dashboard, z2m("Bathroom leak"), (values) => values.water_leak === true);
  for (const [name, state] of Object.entries(STATES))
    await gateway.publishAsync(`zigbee2mqtt/${name}`, JSON.stringify({ ...state, elapsed: 1200 }), { qos: 1 });
  await gateway.publishAsync(
    "zigbee2mqtt/Bathroom leak",
    JSON.stringify({ ...STATES["Bathroom leak"], water_leak: true }),
    { qos: 1 },
  );
  const relayState = await relay;
  expect(relayState.values).toMatchObject({ state_l1: "ON", state_l2: "OFF", power: 11.5, linkquality: 98 });
  expect(relayState.values).not.toHaveProperty("elapsed");
  expect((await leak).values).toMatchObject({ water_leak: true, battery: 100 });
}

describe("Zigbee2MQTT discovery of a real household, through the hub's embedded broker", () => {
  const setup = {} as Setup;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    setup.hub = await startTestHub({ mqttPort: await freePort() });
    setup.cookie = await login(setup.hub);
    setup.gateway = await connectDevice(setup.hub, "zigbee2mqtt");
    setup.dashboard = await connectBrowser(setup.hub, setup.cookie);
    clients.push(setup.gateway, setup.dashboard);
    await discoversTheHousehold(setup);
  });
  afterAll(async () => {
    for (const client of clients) client.end(true);
    await setup.hub.cleanup();
  });

  it("lists every device with every expose, and its state reaches the dashboard on device/<id>/state", async () => {
    const state = setup.hub.devices.states.get(z2m("Living room valve"));
    expect(state?.values).toMatchObject({ occupied_heating_setpoint: 21, local_temperature: 20.5, battery: 76 });
  });

  it("set sends exactly Zigbee2MQTT's documented /set payloads; refused values answer BAD_REQUEST and send nothing", async () => {
    const { hub, gateway } = setup;
    const sent: string[] = [];
    gateway.on("message", (topic, payload) => {
      if (topic.endsWith("/set")) sent.push(`${topic} ${payload.toString()}`);
    });
    await gateway.subscribeAsync("zigbee2mqtt/+/set", { qos: 1 });
    const commands = hub.devices.commands;
    await commands.set(z2m("Kitchen plug"), { property: "state" }, "ON");
    await commands.set(z2m("Hall relay"), { property: "state", endpoint: "l2" }, "ON");
    await commands.set(z2m("Bedroom blind"), { property: "position" }, 50);
    await commands.set(z2m("Bedroom blind"), { property: "state" }, "STOP");
    await commands.set(z2m("Living room valve"), { property: "occupied_heating_setpoint" }, 21.5);
    await commands.set(z2m("Front door lock"), { property: "state" }, "UNLOCK");
    const refused = [
      commands.set(z2m("Bedroom blind"), { property: "position" }, 150),
      commands.set(z2m("Living room valve"), { property: "occupied_heating_setpoint" }, 21.3),
      commands.set(z2m("Living room valve"), { property: "occupied_heating_setpoint" }, 40),
      commands.set(z2m("Front door lock"), { property: "state" }, "OPEN"),
      commands.set(z2m("Desk plug"), { property: "indicator_mode" }, "disco"),
    ];
    for (const attempt of refused) await expect(attempt).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(
      commands.set(z2m("Garden lights"), { property: "gradient" }, ["#ff0000", "#00ff00"]),
    ).rejects.toMatchObject({ code: "NOT_SUPPORTED" });
    await expect(refused[0]).rejects.toBeInstanceOf(HubError);
    await until(() => sent.length >= 6);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sent).toEqual([
      'zigbee2mqtt/Kitchen plug/set {"state":"ON"}',
      'zigbee2mqtt/Hall relay/set {"state_l2":"ON"}',
      'zigbee2mqtt/Bedroom blind/set {"position":50}',
      'zigbee2mqtt/Bedroom blind/set {"state":"STOP"}',
      'zigbee2mqtt/Living room valve/set {"occupied_heating_setpoint":21.5}',
      'zigbee2mqtt/Front door lock/set {"state":"UNLOCK"}',
    ]);
  });

  it("bridge/event: a joined device is listed without controls, the interview gives its model, a rename moves its state, a leave removes it and empties its state", async () => {
    const { hub, gateway, dashboard } = setup;
    const joined = event("bridge_event_device_joined");
    const ieee = "0x90fd9ffffe6494fc";
    const before = hub.devices.revision.current();
    await gateway.publishAsync(joined.topic, joined.payload, { qos: 1 });
    await until(() => hub.devices.registry.get(z2m(ieee)) !== undefined);
    expect((await devicesOf(setup)).find((item) => item.name === ieee)).toMatchObject({
      model: null,
      capabilities: [],
    });
    for (const name of ["bridge_event_device_interview_started", "bridge_event_device_interview_successful"]) {
      const message = event(name);
      await gateway.publishAsync(message.topic, message.payload, { qos: 1 });
    }
    await until(() => hub.devices.registry.get(z2m(ieee))?.model === "LED1624G9");
    expect(hub.devices.registry.get(z2m(ieee))).toMatchObject({ vendor: "IKEA", capabilities: [] });
    // Without capabilities, its raw top-level scalars are its state.
    const raw = stateOn(dashboard, z2m(ieee), (values) => values.state === "ON");
    await gateway.publishAsync(`zigbee2mqtt/${ieee}`, JSON.stringify({ state: "ON", linkquality: 80, nested: {} }), {
      qos: 1,
    });
    expect((await raw).values).toEqual({ state: "ON", linkquality: 80 });

    // Zigbee2MQTT's answer to a rename (the docs' payload, its names those of this device).
    const rename = event("bridge_response_device_rename");
    const answer = {
      ...(rename.json as { data: object }),
      data: { from: ieee, to: "my_bulb", homeassistant_rename: false },
    };
    const moved = stateOn(dashboard, z2m("my_bulb"), (values) => values.state === "ON");
    await gateway.publishAsync(rename.topic, JSON.stringify(answer), { qos: 1 });
    expect((await moved).values).toEqual({ state: "ON", linkquality: 80 });
    expect(hub.devices.registry.get(z2m(ieee))).toBeUndefined();
    expect(hub.devices.registry.get(z2m("my_bulb"))).toMatchObject({ model: "LED1624G9" });

    const emptied = nextMessage(dashboard, deviceStateTopic(z2m("my_bulb")), 5000, (text) => text === "");
    const leave = event("bridge_event_device_leave");
    await gateway.publishAsync(leave.topic, leave.payload, { qos: 1 });
    await emptied;
    expect((await devicesOf(setup)).some((item) => item.name === "my_bulb")).toBe(false);
    await until(() => hub.devices.revision.current() > before + 3);
  });

  it("a state heard before its device is listed is published once the device joins, and is its last seen time", async () => {
    const { hub, gateway, dashboard } = setup;
    const late = stateOn(dashboard, z2m("Late plug"), (values) => values.state === "ON");
    const sentAt = Date.now();
    await gateway.publishAsync(
      "zigbee2mqtt/Late plug",
      JSON.stringify({ state: "ON", linkquality: 51, last_seen: new Date(sentAt - 60_000).toISOString() }),
      { qos: 1 },
    );
    const joined = event("bridge_event_device_joined");
    const data = { friendly_name: "Late plug", ieee_address: "0x00158d0000000aaa" };
    await gateway.publishAsync(joined.topic, JSON.stringify({ type: "device_joined", data }), { qos: 1 });
    // Not interviewed yet (no capabilities): its raw state as it came.
    expect((await late).values).toEqual({
      state: "ON",
      linkquality: 51,
      last_seen: new Date(sentAt - 60_000).toISOString(),
    });
    // Seen a minute before it joined (its own last_seen), not "never seen".
    expect(hub.devices.registry.get(z2m("Late plug"))?.lastSeen).toBe(new Date(sentAt - 60_000).toISOString());
  });

  it("devices/revision: a burst of changes reaches the dashboard at most once per 250 ms, with the latest revision; a state alone does not bump it", async () => {
    const { hub, gateway, dashboard } = setup;
    const revisions: { revision: number; at: number }[] = [];
    const onMessage = (topic: string, payload: Buffer) => {
      if (topic === DEVICES_REVISION_TOPIC)
        revisions.push({
          revision: v.parse(DevicesRevisionSchema, JSON.parse(payload.toString())).revision,
          at: Date.now(),
        });
    };
    dashboard.on("message", onMessage);
    await dashboard.subscribeAsync(DEVICES_REVISION_TOPIC);
    // Earlier changes settled: the last revision the dashboard got is the hub's current one.
    await until(() => revisions.at(-1)?.revision === hub.devices.revision.current());
    await new Promise((resolve) => setTimeout(resolve, 300));
    const first = hub.devices.revision.current();
    revisions.length = 0;
    await gateway.publishAsync("zigbee2mqtt/Hall motion", JSON.stringify(STATES["Hall motion"]), { qos: 1 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(revisions).toEqual([]);
    for (const name of ["Hall motion", "Balcony door", "Bathroom leak", "Kitchen smoke", "Desk plug"])
      await gateway.publishAsync(`zigbee2mqtt/${name}/availability`, '{"state":"offline"}', { qos: 1 });
    await until(() => revisions.at(-1)?.revision === hub.devices.revision.current());
    await new Promise((resolve) => setTimeout(resolve, 400));
    dashboard.off("message", onMessage);
    expect(hub.devices.revision.current()).toBe(first + 5);
    expect(revisions.length).toBeLessThanOrEqual(3);
    for (let n = 1; n < revisions.length; n++)
      expect((revisions[n]?.at ?? 0) - (revisions[n - 1]?.at ?? 0)).toBeGreaterThanOrEqual(200);
    expect(revisions.at(-1)?.revision).toBe(first + 5);
  });

  it("a republished bridge/devices with a new friendly_name for the same IEEE address renames the device; its state follows", async () => {
    const { hub, gateway, dashboard } = setup;
    const renamed = entries.map((entry) =>
      entry.friendly_name === "Bedside button" ? { ...entry, friendly_name: "Bed button" } : entry,
    );
    const adopted = await call(hub, "PUT", `/api/v2${adoptionPath(z2m("Bedside button"))}`, {
      cookie: setup.cookie,
      body: { label: "Przycisk przy łóżku", room: "Sypialnia" },
    });
    expect(adopted.status).toBe(200);
    const revision = hub.devices.revision.current();
    const moved = stateOn(dashboard, z2m("Bed button"), (values) => values.action === "single");
    const changes: string[] = [];
    const stop = hub.devices.registry.onChange((change) => changes.push(`${change.kind}:${change.device.name}`));
    await gateway.publishAsync(HOUSEHOLD.topic, JSON.stringify(renamed), { qos: 1, retain: true });
    expect((await moved).values).toMatchObject({ action: "single", battery: 100 });
    stop();
    expect(changes).toContain("renamed:Bed button");
    expect(changes).not.toContain("removed:Bedside button");
    expect(changes).not.toContain("added:Bed button");
    const names = (await devicesOf(setup)).map((item) => item.name);
    expect(names).toContain("Bed button");
    expect(names).not.toContain("Bedside button");
    // Its adoption followed, and the dashboards were told to refetch.
    const response = await call(hub, "GET", `/api/v2${DEVICES_PATH}`, { cookie: setup.cookie });
    const listed = (await jsonOf(response, ListedDevicesAnswerSchema)).items;
    expect(listed.find((item) => item.name === "Bed button")?.adoption).toMatchObject({ label: "Przycisk przy łóżku" });
    expect(hub.devices.revision.current()).toBeGreaterThan(revision);
  });
});

describe("Zigbee2MQTT discovery of a real household, on Mosquitto as the household broker", () => {
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
    setup.dashboard = await connectMqtt(mosquitto.wsUrl);
    await new Promise((resolve) => setTimeout(resolve, 200)); // the hub's subscriptions are in place
  });
  afterAll(async () => {
    setup.gateway.end(true);
    setup.dashboard.end(true);
    await setup.hub.cleanup();
    await mosquitto.close();
  });

  it("lists every device with every expose, and its state reaches the dashboard's read-only user", async () => {
    await discoversTheHousehold(setup);
    const sent = nextMessage(setup.gateway, "zigbee2mqtt/Hall relay/set");
    await setup.hub.devices.commands.set(z2m("Hall relay"), { property: "state", endpoint: "l2" }, "ON");
    expect((await sent).payload).toBe('{"state_l2":"ON"}');
  });
});
