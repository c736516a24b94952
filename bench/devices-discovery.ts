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

  // ── 250 Zigbee2MQTT + 250 Tasmota ─────────────────────────────────────────────────────────────
  // TODO(tasmota discovery): once Tasmota native discovery (tasmota/discovery/<MAC>/config and
  // /sensors) is on main, run the same measure with devicesOf(250) here plus 250 Tasmota devices,
  // each on its own MQTT login publishing tests/fixtures/tasmota discovery config + sensors under its
  // own MAC, and wait until GET /devices lists all 500 (both sources).

  gateway.end(true);
  dashboard.end(true);
} finally {
  await hub.close();
}
