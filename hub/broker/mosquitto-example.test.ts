import type { MqttClient } from "mqtt";
import { afterEach, describe, expect, it } from "vitest";
import { startMosquitto, type TestMosquitto } from "../../tests/e2e/support/mosquitto";
import { NAMESPACE_ROOTS } from "../../contract/topics";
import { connectMqtt, nextMessage } from "../testing/harness";

// The household example hub/examples/mosquitto (README "Pointing the hub at a household broker")
// run by the real Mosquitto: every client logs in, devices are held to their topics, the dashboard's
// one user only reads the dashboard's namespace.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function broker(): Promise<TestMosquitto> {
  const mosquitto = await startMosquitto();
  cleanups.push(() => mosquitto.close());
  return mosquitto;
}

async function client(url: string, options: Parameters<typeof connectMqtt>[1] = {}): Promise<MqttClient> {
  const connected = await connectMqtt(url, options);
  cleanups.push(() => void connected.end(true));
  return connected;
}

async function refusedWith(url: string, options: Parameters<typeof connectMqtt>[1] = {}): Promise<unknown> {
  try {
    await client(url, options);
  } catch (error) {
    return (error as { code?: unknown }).code;
  }
  return "connected";
}

function recorder(subscriber: MqttClient): string[] {
  const seen: string[] = [];
  subscriber.on("message", (topic) => seen.push(topic));
  return seen;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe("hub/examples/mosquitto on Mosquitto 2", () => {
  it("refuses anonymous clients on both listeners and a wrong password", async () => {
    const mosquitto = await broker();
    expect(await refusedWith(mosquitto.tcpUrl)).toBe(5);
    expect(await refusedWith(mosquitto.wsBaseUrl)).toBe(5);
    expect(await refusedWith(mosquitto.tcpUrl, { username: "balkon", password: "wrong" })).toBe(5);
    // The dashboard's login is for the websockets listener only; devices' logins for TCP only.
    const { password } = await mosquitto.deviceLogin("balkon");
    expect(await refusedWith(mosquitto.wsBaseUrl, { username: "balkon", password })).toBe(5);
    const dashboard = new URL(mosquitto.wsUrl);
    expect(await refusedWith(mosquitto.tcpUrl, { username: dashboard.username, password: dashboard.password })).toBe(5);
  });

  it("the dashboard (credentials in HUB_MQTT_WS_URL) subscribes to # and reads only the namespace; its publishes are dropped", async () => {
    const mosquitto = await broker();
    const hub = await client(mosquitto.hubUrl);
    const dashboard = await client(mosquitto.wsUrl);
    const seen = recorder(dashboard);
    await dashboard.subscribeAsync("#");
    await hub.publishAsync("cmnd/pompa/POWER", "ON", { qos: 1 });
    await hub.publishAsync("zigbee2mqtt/lampa_salon/set", '{"state":"ON"}', { qos: 1 });
    const reading = nextMessage(dashboard, "sensor/temp/balcony");
    await hub.publishAsync("sensor/temp/balcony", '{"value":1,"time":"2026-01-01T00:00:00Z"}', {
      qos: 1,
      retain: true,
    });
    await reading;

    const watcher = await client(mosquitto.wsUrl);
    const watched = recorder(watcher);
    await watcher.subscribeAsync("#");
    await settle();
    watched.length = 0;
    await dashboard.publishAsync("sensor/temp/balcony", '{"value":99,"time":"2026-01-01T00:00:00Z"}', { qos: 1 });
    await settle();
    expect(watched).toEqual([]);
    expect(seen.filter((topic) => !topic.startsWith("sensor/"))).toEqual([]);
  });

  it("the dashboard reads every root of the namespace the hub publishes (an automation's notice and run too)", async () => {
    const mosquitto = await broker();
    const hub = await client(mosquitto.hubUrl);
    const dashboard = await client(mosquitto.wsUrl);
    const seen = recorder(dashboard);
    await dashboard.subscribeAsync("#");
    const roots = [...NAMESPACE_ROOTS].sort();
    // Each root as the hub publishes it; `panel/` is read only as a panel's state (its commands go by client id).
    for (const root of roots)
      await hub.publishAsync(root === "panel" ? "panel/example/state" : `${root}/example`, "{}", { qos: 1 });
    await settle();
    expect([...new Set(seen.map((topic) => topic.split("/")[0]))].sort()).toEqual(roots);
  });

  it("a Tasmota device writes only its own tele/ and stat/, reads its own commands; it cannot write the namespace or another device's topics", async () => {
    const mosquitto = await broker();
    const hub = await client(mosquitto.hubUrl);
    const hubSeen = recorder(hub);
    await hub.subscribeAsync("#");
    const balkon = await client(mosquitto.tcpUrl, {
      ...(await mosquitto.deviceLogin("balkon")),
      clientId: "DVES_1A2B3C",
    });
    const commands = recorder(balkon);
    await balkon.subscribeAsync(["cmnd/balkon/#", "cmnd/tasmotas/#", "cmnd/DVES_1A2B3C_fb/#", "cmnd/pompa/#"]);
    await settle();
    hubSeen.length = 0;

    await balkon.publishAsync("tele/balkon/SENSOR", "{}", { qos: 1 });
    await balkon.publishAsync("sensor/temp/outside", '{"value":-55}', { qos: 1, retain: true });
    await balkon.publishAsync("settings/garageLight", "true", { qos: 1, retain: true });
    await balkon.publishAsync("tele/piwnica/SENSOR", "{}", { qos: 1 });
    await balkon.publishAsync("cmnd/pompa/POWER", "ON", { qos: 1 });
    await hub.publishAsync("cmnd/balkon/POWER", "ON", { qos: 1 });
    await hub.publishAsync("cmnd/tasmotas/STATUS", "", { qos: 1 });
    await hub.publishAsync("cmnd/DVES_1A2B3C_fb/Topic", "balkon", { qos: 1 });
    await hub.publishAsync("cmnd/pompa/POWER", "OFF", { qos: 1 });
    await settle();
    expect(hubSeen.filter((topic) => !topic.startsWith("cmnd/"))).toEqual(["tele/balkon/SENSOR"]);
    expect(commands.sort()).toEqual(["cmnd/DVES_1A2B3C_fb/Topic", "cmnd/balkon/POWER", "cmnd/tasmotas/STATUS"]);
  });

  it("Zigbee2MQTT publishes under zigbee2mqtt/ and reads its commands", async () => {
    const mosquitto = await broker();
    const hub = await client(mosquitto.hubUrl);
    const gateway = await client(mosquitto.tcpUrl, await mosquitto.deviceLogin("zigbee2mqtt"));
    const hubSeen = recorder(hub);
    const commands = recorder(gateway);
    await hub.subscribeAsync("zigbee2mqtt/#");
    await gateway.subscribeAsync(["zigbee2mqtt/#", "homeassistant/status"]);
    await gateway.publishAsync("zigbee2mqtt/czujnik_ogrod", '{"temperature":1}', { qos: 1 });
    await gateway.publishAsync("sensor/temp/outside", '{"value":-55}', { qos: 1 });
    await hub.publishAsync("zigbee2mqtt/lampa_salon/set", '{"state":"ON"}', { qos: 1 });
    await settle();
    expect(hubSeen).toContain("zigbee2mqtt/czujnik_ogrod");
    expect(commands).toContain("zigbee2mqtt/lampa_salon/set");
    expect([...hubSeen, ...commands].filter((topic) => topic.startsWith("sensor/"))).toEqual([]);
  });
  it("an OwnTracks tracker publishes only under owntracks/<its user>/ and reads its own remote commands", async () => {
    const mosquitto = await broker();
    const hub = await client(mosquitto.hubUrl);
    const hubSeen = recorder(hub);
    await hub.subscribeAsync("#");
    const collar = await client(mosquitto.tcpUrl, await mosquitto.deviceLogin("kot"));
    const commands = recorder(collar);
    await collar.subscribeAsync(["owntracks/kot/obroza/cmd", "owntracks/inny/telefon/cmd"]);
    await settle();
    hubSeen.length = 0;

    const fix = '{"_type":"location","lat":52.1,"lon":21.0,"tst":1763856000,"batt":80,"acc":12}';
    await collar.publishAsync("owntracks/kot/obroza", fix, { qos: 1, retain: true });
    await collar.publishAsync("owntracks/inny/telefon", fix, { qos: 1 });
    await collar.publishAsync("gps/kot", "{}", { qos: 1 });
    await hub.publishAsync("owntracks/kot/obroza/cmd", '{"_type":"cmd","action":"reportLocation"}', { qos: 1 });
    await hub.publishAsync("owntracks/inny/telefon/cmd", '{"_type":"cmd","action":"reportLocation"}', { qos: 1 });
    await settle();
    expect(hubSeen.filter((topic) => !topic.endsWith("/cmd"))).toEqual(["owntracks/kot/obroza"]);
    expect(commands).toEqual(["owntracks/kot/obroza/cmd"]);
  });
});
