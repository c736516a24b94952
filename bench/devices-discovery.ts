// Device discovery at household scale (issue budget: 500 discovered devices, the hub's memory under
// 200 MB, discovery of all of them applied within 5 s). The real hub process (tests/e2e/support/hub.ts:
// the bundle, embedded broker) and a Zigbee2MQTT gateway on its own MQTT login publishing a retained
// `zigbee2mqtt/bridge/devices` of BENCH_DEVICES (default 500) devices: renamed copies of the 15 real
// models of tests/fixtures/zigbee2mqtt/bridge_devices_household.json (zigbee-herdsman-converters
// definitions). Prints: the list's size; the time from publishing it until GET /devices lists every
// device; the hub's RSS before and after (from /proc; its V8 heap is not visible from outside the
// process); then BENCH_STATE_ROUNDS (default 4) rounds of one `zigbee2mqtt/<name>` state per device
// (tests/fixtures/zigbee2mqtt/household_states.json) and the rate at which a dashboard's WebSocket
// receives their `device/<id>/state`, i.e. state messages applied per second end to end.
// Default broker limits: a gateway's bridge/devices may be up to 8 MiB (HUB_MQTT_MAX_DEVICE_LIST); 500 devices' list is ~2.3 MB.
// Then the mixed household: half Zigbee2MQTT, half Tasmota devices each on its own login announcing
// itself with native discovery, on a fresh hub process: time until both are listed, RSS.
// With `--expose-gc` it then measures the V8 heap the same discovery costs, on a hub started inside this
// process (hub/testing/harness.ts), heap used after a full GC before and after.
// Run: `node --expose-gc --import tsx bench/devices-discovery.ts` after `npm run build` (the hub serves
// dist/; E2E_DIST_DIR names another build); `npx tsx bench/devices-discovery.ts` skips the heap part.
import { readdirSync, readFileSync } from "node:fs";
import mqtt from "mqtt";
import * as v from "valibot";
import { DEVICES_PATH, DevicesAnswerSchema } from "../contract/devices";
import {
  call,
  connectBrowser,
  connectDevice,
  freePort,
  login,
  startTestHub as startHubHere,
  until,
} from "../hub/testing/harness";
import { startTestHub } from "../tests/e2e/support/hub";
import { printTable } from "./support";

const COUNT = Number(process.env.BENCH_DEVICES ?? 500);
const ROUNDS = Number(process.env.BENCH_STATE_ROUNDS ?? 4);
const fixture = (name: string) =>
  (
    JSON.parse(readFileSync(new URL(`../tests/fixtures/zigbee2mqtt/${name}`, import.meta.url), "utf8")) as {
      payload: unknown;
    }
  ).payload;
type Entry = { friendly_name: string; ieee_address: string; type: string };
const household = fixture("bridge_devices_household.json") as Entry[];
const states = fixture("household_states.json") as Record<string, Record<string, unknown>>;
const coordinator = household.filter((entry) => entry.type === "Coordinator");
const models = household.filter((entry) => entry.type !== "Coordinator");

/** `count` devices: the models in turn, each copy renamed `<name> <n>` with its own IEEE address. */
function devicesOf(count: number): Entry[] {
  return Array.from({ length: count }, (_, n) => {
    const model = models[n % models.length] as Entry;
    return {
      ...model,
      friendly_name: `${model.friendly_name} ${n}`,
      ieee_address: `0x00158d${n.toString(16).padStart(10, "0")}`,
    };
  });
}

/** The pid of the hub process whose HUB_DATA_DIR is `dataDir` (our own child), from /proc. */
function hubPid(dataDir: string): number {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, "utf8").split("\0").includes(`HUB_DATA_DIR=${dataDir}`))
        return Number(entry);
    } catch {
      // a process that ended, or not ours
    }
  }
  throw new Error(`no hub process with HUB_DATA_DIR=${dataDir}`);
}
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? NaN) / 1024;

/** Heap used after full GCs, MB (`gc` is there with --expose-gc). */
async function heapMb(gc: () => void): Promise<number> {
  gc();
  await new Promise((resolve) => setTimeout(resolve, 200));
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

/** The V8 heap the discovery of `COUNT` devices costs a hub in this process: [before, after] MB. */
async function heapOfDiscovery(gc: () => void): Promise<[number, number]> {
  const here = await startHubHere({ mqttPort: await freePort() });
  try {
    const gateway = await connectDevice(here, "zigbee2mqtt");
    const before = await heapMb(gc);
    const payload = JSON.stringify([...coordinator, ...devicesOf(COUNT)]);
    await gateway.publishAsync("zigbee2mqtt/bridge/devices", payload, { qos: 1, retain: true });
    await until(() => here.devices.registry.ofSource("zigbee2mqtt").length === COUNT, 30_000);
    const after = await heapMb(gc);
    gateway.end(true);
    return [before, after];
  } finally {
    await here.cleanup();
  }
}

const hub = await startTestHub();
try {
  const target = { url: hub.baseURL };
  const pid = hubPid(hub.dataDir);
  const rssBefore = rssMb(pid);
  const cookie = await login(target);
  const gateway = await mqtt.connectAsync(hub.mqttTcpUrl, {
    ...(await hub.deviceLogin("zigbee2mqtt")),
    clientId: "zigbee2mqtt-bench",
    protocolVersion: 4,
    reconnectPeriod: 0,
  });
  const dashboard = await connectBrowser(target, cookie);
  const listed = async () => {
    const response = await call(target, "GET", `/api/v2${DEVICES_PATH}`, { cookie });
    const answer = v.parse(DevicesAnswerSchema, await response.json());
    return answer.items.filter((item) => item.source === "zigbee2mqtt").length;
  };

  // Discovery: one retained bridge/devices with every device.
  const devices = devicesOf(COUNT);
  const payload = JSON.stringify([...coordinator, ...devices]);
  const started = performance.now();
  await gateway.publishAsync("zigbee2mqtt/bridge/devices", payload, { qos: 1, retain: true });
  while ((await listed()) < COUNT) {
    if (performance.now() - started > 60_000) throw new Error("the devices were not all listed within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const discoveryMs = performance.now() - started;
  const rssDiscovered = rssMb(pid);

  // States: ROUNDS x one state per device, counted as the dashboard receives device/<id>/state.
  let received = 0;
  dashboard.on("message", (topic, body) => {
    if (topic.startsWith("device/") && topic.endsWith("/state") && body.length > 0) received += 1;
  });
  await dashboard.subscribeAsync("device/+/state", { qos: 0 });
  await new Promise((resolve) => setTimeout(resolve, 300));
  received = 0;
  const total = ROUNDS * COUNT;
  const statesStarted = performance.now();
  for (let round = 0; round < ROUNDS; round++)
    for (const [n, device] of devices.entries()) {
      const model = models[n % models.length] as Entry;
      const state = { ...states[model.friendly_name], linkquality: (round * 37 + n) % 255 };
      gateway.publish(`zigbee2mqtt/${device.friendly_name}`, JSON.stringify(state), { qos: 0 });
    }
  while (received < total) {
    if (performance.now() - statesStarted > 60_000) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const statesS = (performance.now() - statesStarted) / 1000;
  const rssAfter = rssMb(pid);

  printTable(`Device discovery, ${COUNT} Zigbee2MQTT devices, embedded broker (${new Date().toISOString()})`, [
    ["bridge/devices payload", `${(payload.length / 1024 / 1024).toFixed(2)} MB`],
    ["published -> GET /devices lists all", `${Math.round(discoveryMs)} ms`, "< 5000 ms"],
    ["hub RSS before", `${rssBefore.toFixed(1)} MB`],
    ["hub RSS after discovery", `${rssDiscovered.toFixed(1)} MB`, "< 200 MB"],
    ["hub RSS after the states", `${rssAfter.toFixed(1)} MB`, "< 200 MB"],
    ["hub V8 heap", "not visible from outside the hub process"],
    [
      "state messages applied (dashboard received)",
      `${received}/${total} in ${statesS.toFixed(2)} s = ${Math.round(received / statesS)}/s`,
    ],
  ]);

  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    const [before, after] = await heapOfDiscovery(gc);
    printTable(`V8 heap of the same discovery, hub in this process, after full GCs`, [
      ["heap used before", `${before.toFixed(1)} MB`],
      [`heap used with ${COUNT} devices listed`, `${after.toFixed(1)} MB`],
    ]);
  } else console.log("\n(run with node --expose-gc --import tsx for the heap figures)");

  gateway.end(true);
  dashboard.end(true);
} finally {
  await hub.close();
}

await mixedDiscovery(Math.floor(COUNT / 2), COUNT - Math.floor(COUNT / 2));

/**
 * The same measure, mixed: `zigbee` Zigbee2MQTT devices in one bridge/devices and `tasmota` Tasmota
 * devices each on its own MQTT login (connected first, not timed) announcing itself with native
 * discovery under its own MAC (tests/fixtures/tasmota/discovery_relay2_bme280_*: config and /sensors,
 * retained), all published at once; timed until GET /devices lists every one of both sources, on a
 * fresh hub process, its RSS before and after.
 */
async function mixedDiscovery(zigbee: number, tasmota: number): Promise<void> {
  const config = JSON.parse(
    readFileSync(new URL("../tests/fixtures/tasmota/discovery_relay2_bme280_config.json", import.meta.url), "utf8"),
  ) as { payload: Record<string, unknown> };
  const sensors = JSON.parse(
    readFileSync(new URL("../tests/fixtures/tasmota/discovery_relay2_bme280_sensors.json", import.meta.url), "utf8"),
  ) as { payload: Record<string, unknown> };
  const mixed = await startTestHub();
  const devices: mqtt.MqttClient[] = [];
  try {
    const target = { url: mixed.baseURL };
    const pid = hubPid(mixed.dataDir);
    const rssBefore = rssMb(pid);
    const cookie = await login(target);
    const gateway = await mqtt.connectAsync(mixed.mqttTcpUrl, {
      ...(await mixed.deviceLogin("zigbee2mqtt")),
      clientId: "zigbee2mqtt-bench-mixed",
      reconnectPeriod: 0,
    });
    devices.push(gateway);
    const topics = Array.from({ length: tasmota }, (_, n) => `tasmota_${(0xb00000 + n).toString(16).toUpperCase()}`);
    for (const topic of topics)
      devices.push(
        await mqtt.connectAsync(mixed.mqttTcpUrl, {
          ...(await mixed.deviceLogin(topic)),
          clientId: `${topic}-bench`,
          reconnectPeriod: 0,
        }),
      );
    const counts = async () => {
      const response = await call(target, "GET", `/api/v2${DEVICES_PATH}`, { cookie });
      const { items } = v.parse(DevicesAnswerSchema, await response.json());
      return {
        zigbee: items.filter((i) => i.source === "zigbee2mqtt").length,
        tasmota: items.filter((i) => i.source === "tasmota").length,
      };
    };
    const payload = JSON.stringify([...coordinator, ...devicesOf(zigbee)]);
    const started = performance.now();
    const sent: Promise<unknown>[] = [
      gateway.publishAsync("zigbee2mqtt/bridge/devices", payload, { qos: 1, retain: true }),
    ];
    topics.forEach((topic, n) => {
      const client = devices[n + 1] as mqtt.MqttClient;
      const mac = `A4CF12${(0xb00000 + n).toString(16).toUpperCase()}`;
      const own = { ...config.payload, mac, t: topic, hn: `${topic}-${mac.slice(-4)}` };
      sent.push(client.publishAsync(`tasmota/discovery/${mac}/config`, JSON.stringify(own), { qos: 1, retain: true }));
      sent.push(
        client.publishAsync(`tasmota/discovery/${mac}/sensors`, JSON.stringify(sensors.payload), {
          qos: 1,
          retain: true,
        }),
      );
    });
    await Promise.all(sent);
    let seen = await counts();
    while (seen.zigbee < zigbee || seen.tasmota < tasmota) {
      if (performance.now() - started > 60_000) throw new Error(`not all listed within 60 s: ${JSON.stringify(seen)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen = await counts();
    }
    const discoveryMs = performance.now() - started;
    printTable(`Device discovery, ${zigbee} Zigbee2MQTT + ${tasmota} Tasmota devices, embedded broker`, [
      ["published -> GET /devices lists all", `${Math.round(discoveryMs)} ms`, "< 5000 ms"],
      ["hub RSS before", `${rssBefore.toFixed(1)} MB`],
      ["hub RSS after discovery", `${rssMb(pid).toFixed(1)} MB`, "< 200 MB"],
    ]);
  } finally {
    for (const client of devices) client.end(true);
    await mixed.close();
  }
}
