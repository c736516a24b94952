/**
 * Builds tests/fixtures/zigbee2mqtt/bridge_devices_household.json: a Zigbee2MQTT `bridge/devices`
 * payload for a household of 15 real models, each definition and its exposes taken from
 * zigbee-herdsman-converters (zhc), the library Zigbee2MQTT resolves definitions with.
 *
 * Run (zhc is not a project dependency; install it beside this script's run directory):
 *   mkdir -p /tmp/zhc && cd /tmp/zhc && npm init -y && npm install zigbee-herdsman-converters
 *   cd /tmp/zhc && node /path/to/repo/scripts/zigbee2mqtt-fixtures.mjs /path/to/repo/tests/fixtures/zigbee2mqtt
 * (`ZHC_DIR` names another directory holding node_modules/zigbee-herdsman-converters.)
 *
 * The committed output was produced with zigbee-herdsman-converters 26.112.0 (2026-11-27), then
 * formatted with `npx prettier --write`.
 *
 * What it does, as Zigbee2MQTT 2.x does (lib/model/device.ts exposes(), lib/extension/bridge.ts
 * publishDevices / getDefinitionPayload): finds each model's definition in zhc's definitions, runs
 * `prepareDefinition` (modern extends become exposes), calls `exposes(device, options)` when the
 * definition's exposes is a function (with a minimal fake herdsman device: ieee, model id,
 * manufacturer, endpoints with their input clusters, as zhc's own tests mock one), and serializes the
 * exposes through JSON (the Expose classes are plain data; Zigbee2MQTT stringifies them the same way).
 * The entry's other fields (ieee_address, network_address, power_source, endpoints...) are ours:
 * made-up addresses in the shape Zigbee2MQTT publishes.
 */
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const base = process.env.ZHC_DIR ?? process.cwd();
const require = createRequire(path.join(base, "package.json"));
const zhc = require("zigbee-herdsman-converters");
const zhcDir = path.dirname(require.resolve("zigbee-herdsman-converters/package.json"));
const zhcVersion = JSON.parse(fs.readFileSync(path.join(zhcDir, "package.json"), "utf8")).version;
const definitions = require(path.join(zhcDir, "dist/devices/index.js")).default;

const out = process.argv[2] ?? "tests/fixtures/zigbee2mqtt";

/** [friendly_name, zhc model, zigbee type, power source, {endpoint id: input clusters}] */
const HOUSEHOLD = [
  ["Kitchen plug", "SP-EUC01", "Router", "Mains (single phase)", { 1: [0, 4, 5, 6, 0x0702, 0x0b04] }],
  ["Desk plug", "TS011F_plug_1", "Router", "Mains (single phase)", { 1: [0, 3, 4, 5, 6, 0x0702, 0x0b04] }],
  ["Hall relay", "LLKZMK11LM", "Router", "Mains (single phase)", { 1: [0, 4, 5, 6, 0x000c], 2: [4, 5, 6] }],
  ["Bedroom blind", "E1757", "EndDevice", "Battery", { 1: [0, 1, 3, 4, 5, 0x0102, 0x1000] }],
  ["Living room valve", "014G2461", "EndDevice", "Battery", { 1: [0, 1, 3, 0x000a, 0x0020, 0x0201, 0x0204] }],
  ["Front door lock", "YRD426NRSC", "EndDevice", "Battery", { 1: [0, 1, 3, 0x0101] }],
  ["Hall motion", "RTCGQ11LM", "EndDevice", "Battery", { 1: [0, 0xffff, 0x0406, 0x0400] }],
  ["Balcony door", "MCCGQ11LM", "EndDevice", "Battery", { 1: [0, 3, 0xffff, 6] }],
  ["Bathroom leak", "SJCGQ11LM", "EndDevice", "Battery", { 1: [0, 3, 1] }],
  ["Kitchen smoke", "JTYJ-GD-01LM/BW", "EndDevice", "Battery", { 1: [0, 3, 1, 0x0500] }],
  ["Balcony climate", "WSDCGQ11LM", "EndDevice", "Battery", { 1: [0, 3, 0xffff, 0x0402, 0x0403, 0x0405] }],
  ["Bedside button", "WXKG11LM", "EndDevice", "Battery", { 1: [0, 3, 0xffff, 0x0012] }],
  ["Living room air", "VOCKQJK11LM", "EndDevice", "Battery", { 1: [0, 1, 3, 0x0402, 0x0405, 0x000c] }],
  ["Living room bulb", "9290022166", "Router", "Mains (single phase)", { 11: [0, 3, 4, 5, 6, 8, 0x0300, 0x1000] }],
  ["Garden lights", "929004582001", "Router", "Mains (single phase)", { 11: [0, 3, 4, 5, 6, 8, 0x0300, 0x1000] }],
];

/** A minimal herdsman device, enough for definitions whose exposes read the device (endpoints, ids). */
function fakeDevice(ieeeAddr, modelID, manufacturerName, type, powerSource, endpoints) {
  const device = {
    ieeeAddr,
    networkAddress: 0,
    modelID,
    manufacturerName,
    type,
    powerSource,
    interviewCompleted: true,
    meta: {},
    customClusters: {},
    isDeleted: false,
    endpoints: [],
    getEndpoint(id) {
      return this.endpoints.find((endpoint) => endpoint.ID === id);
    },
  };
  for (const [id, inputClusters] of Object.entries(endpoints)) {
    device.endpoints.push({
      ID: Number(id),
      profileID: 260,
      deviceID: 0x0100,
      inputClusters,
      outputClusters: [],
      binds: [],
      configuredReportings: [],
      clusters: {},
      getDevice: () => device,
      getInputClusters: () => [],
      getOutputClusters: () => [],
      supportsInputCluster: (cluster) => inputClusters.includes(cluster),
      supportsOutputCluster: () => false,
    });
  }
  return device;
}

const entries = [
  {
    ieee_address: "0x00124b0000000000",
    type: "Coordinator",
    network_address: 0,
    supported: true,
    friendly_name: "Coordinator",
    disabled: false,
    definition: null,
    power_source: null,
    model_id: null,
    manufacturer: null,
    interview_completed: true,
    interview_state: "SUCCESSFUL",
    interviewing: false,
    endpoints: {},
  },
];
HOUSEHOLD.forEach(([friendlyName, model, type, powerSource, endpoints], index) => {
  const found = definitions.find((definition) => definition.model === model);
  if (!found) throw new Error(`zhc ${zhcVersion} has no model ${model}`);
  const definition = zhc.prepareDefinition(found);
  const ieee = `0x00158d00${(0x0a000000 + index).toString(16).padStart(8, "0")}`;
  const modelId = found.zigbeeModel?.[0] ?? found.fingerprint?.[0]?.modelID ?? model;
  const manufacturer = found.fingerprint?.[0]?.manufacturerName ?? found.vendor;
  const device = fakeDevice(ieee, modelId, manufacturer, type, powerSource, endpoints);
  const exposes = typeof definition.exposes === "function" ? definition.exposes(device, {}) : definition.exposes;
  entries.push({
    ieee_address: ieee,
    type,
    network_address: 0x1000 + index,
    supported: true,
    friendly_name: friendlyName,
    disabled: false,
    definition: {
      source: "native",
      model: definition.model,
      vendor: definition.vendor,
      description: definition.description,
      exposes: JSON.parse(JSON.stringify(exposes)),
      supports_ota: !!definition.ota,
      options: JSON.parse(JSON.stringify(definition.options ?? [])),
    },
    power_source: powerSource,
    model_id: modelId,
    manufacturer,
    interview_completed: true,
    interview_state: "SUCCESSFUL",
    interviewing: false,
    endpoints: Object.fromEntries(
      Object.entries(endpoints).map(([id, input]) => [
        id,
        {
          name: undefined,
          bindings: [],
          configured_reportings: [],
          clusters: { input: input.map(String), output: [] },
          scenes: [],
        },
      ]),
    ),
  });
});

const fixture = {
  source: `built by scripts/zigbee2mqtt-fixtures.mjs from zigbee-herdsman-converters ${zhcVersion} (definitions and exposes as Zigbee2MQTT 2.x publishes them: lib/extension/bridge.ts publishDevices)`,
  topic: "zigbee2mqtt/bridge/devices",
  payload: entries,
  retained: true,
  note: "15 real models of a household (plugs, a 2-gang relay, a blind, a valve, a lock, motion, contact, leak, smoke, climate, a button, an air sensor, an RGB+CT bulb, gradient lights with a `list` expose) and the coordinator; ieee and network addresses made up",
};
fs.writeFileSync(path.join(out, "bridge_devices_household.json"), `${JSON.stringify(fixture, null, 1)}\n`);
console.log(`${entries.length} entries, zhc ${zhcVersion} -> ${path.join(out, "bridge_devices_household.json")}`);
