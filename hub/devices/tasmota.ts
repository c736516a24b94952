import { CAPABILITY_LIMITS, deviceId, type DeviceSourceName } from "../../contract/devices";
import { asObject, ownField, type JsonObject } from "../bridge/guards";
import type { DeviceEvent, DeviceRouter } from "../bridge/router";
import type { DeviceRegistry } from "./registry";
import {
  rememberTasmota,
  tasmotaCapabilities,
  tasmotaMemory,
  tasmotaStateValues,
  type TasmotaMemory,
  type TasmotaValue,
} from "./tasmota-describe";
import { MAX_DISCOVERY_BYTES, discoverySensors, readDiscoveryConfig } from "./tasmota-discovery";

const SOURCE: DeviceSourceName = "tasmota";

/** Tasmota's `Status` answer (`stat/<t>/STATUS`, `STATUS0`): `Status.DeviceName` is the model it says it is. */
function modelOf(payload: JsonObject): string | undefined {
  const status = asObject(ownField(payload, "Status"));
  const name = status ? ownField(status, "DeviceName") : undefined;
  return typeof name === "string" && name.length > 0 && name.length <= CAPABILITY_LIMITS.name ? name : undefined;
}

const DESCRIBING = [
  "tele/STATE",
  "stat/STATE",
  "stat/RESULT",
  "tele/RESULT",
  "tele/SENSOR",
  "stat/STATUS",
  "stat/STATUS0",
];

/** Sensors messages kept for MACs whose config has not come yet (retained ones arrive in any order). */
const MAX_PENDING_SENSORS = 256;

/**
 * Feeds `registry` with the Tasmota devices read through `router`:
 * - native discovery (tasmota-discovery.ts): `tasmota/discovery/<MAC>/config` lists device `tasmota:<t>`
 *   with its model (`md`), description (`dn`, firmware `sw`) and the capabilities of its relays, lights,
 *   shutters, buttons and switches, replacing what it said of itself before (a changed config updates
 *   them); `…/sensors` sets its sensor fields from `sn`; an empty config (SetOption19 1, or a retained
 *   message cleared) removes it (a `declared` device stays, as the household file describes it). A config
 *   refused by readDiscoveryConfig, over MAX_DISCOVERY_BYTES or not JSON is reported (`registry.report`).
 * - without discovery, a device is added when it first sends a STATE, RESULT, SENSOR, STATUS, `POWER<n>`
 *   or LWT message; its capabilities grow with what it says ({@link tasmotaCapabilities});
 * - `tele/<t>/LWT` `Online`/`Offline` sets availability; every `tele`/`stat` message sets last seen (the
 *   time it came: Tasmota's `Time` has no zone); a STATUS answer's `Status.DeviceName` sets the model;
 * - `onValues(id, values)` gets the values of each STATE, RESULT, SENSOR and `POWER<n>` message, keyed by
 *   capability property (tasmota-describe.ts tasmotaStateValues), when it has any.
 * `declared` devices (the household file's: devices/household.ts) are listed from the start with what
 * the file says of them, and grow the same way. `now` is the clock.
 */
export function followTasmota(
  registry: DeviceRegistry,
  router: DeviceRouter,
  declared: ReadonlyMap<string, TasmotaMemory> = new Map(),
  now = () => new Date(),
  onValues?: (id: string, values: Record<string, TasmotaValue>) => void,
): void {
  const memories = new Map<string, TasmotaMemory>();
  const declaredIds = new Set<string>();
  /** The topic each discovered MAC announced. */
  const topicOfMac = new Map<string, string>();
  const pendingSensors = new Map<string, JsonObject>();
  for (const [name, memory] of declared) {
    if (!registry.add(SOURCE, name, { capabilities: tasmotaCapabilities(memory) })) continue;
    memories.set(deviceId(SOURCE, name), memory);
    declaredIds.add(deviceId(SOURCE, name));
  }
  const memoryOf = (id: string) => {
    let memory = memories.get(id);
    if (!memory) memories.set(id, (memory = tasmotaMemory()));
    return memory;
  };

  const withdraw = (mac: string) => {
    const topic = topicOfMac.get(mac);
    pendingSensors.delete(mac);
    if (topic === undefined) return;
    topicOfMac.delete(mac);
    const id = deviceId(SOURCE, topic);
    if (declaredIds.has(id)) {
      const memory = memoryOf(id);
      memory.discovered = undefined;
      registry.update(id, { capabilities: tasmotaCapabilities(memory) });
    } else {
      memories.delete(id);
      registry.remove(id);
    }
  };

  const applySensors = (id: string, sn: JsonObject) => {
    const memory = memoryOf(id);
    memory.sensors.clear();
    rememberTasmota(memory, "tele/SENSOR", sn);
    registry.update(id, { capabilities: tasmotaCapabilities(memory) });
    // The /sensors message carries the device's readings of that moment (a SENSOR payload): its first values.
    if (onValues) {
      const values = tasmotaStateValues("tele/SENSOR", sn);
      if (Object.keys(values).length > 0) onValues(id, values);
    }
  };

  const onDiscovery = (event: DeviceEvent) => {
    const mac = event.device.toUpperCase();
    if (event.kind === "discovery/config") {
      if (event.raw.length === 0) return withdraw(mac);
      if (event.raw.length > MAX_DISCOVERY_BYTES)
        return registry.report(
          `discovery config of ${mac.slice(0, 40)}: ${event.raw.length} bytes, over ${MAX_DISCOVERY_BYTES}`,
        );
      const json = event.json;
      if (!json) return registry.report(`discovery config of ${mac.slice(0, 40)} is not a JSON object`);
      const read = readDiscoveryConfig(event.device, json);
      if (!read.ok) return registry.report(`discovery refused: ${read.reason}`);
      const { topic, model, name, firmware, capabilities } = read.discovery;
      const before = topicOfMac.get(mac);
      if (before !== undefined && before !== topic) withdraw(mac);
      for (const [otherMac, otherTopic] of topicOfMac)
        if (otherTopic === topic && otherMac !== mac) {
          registry.report(`discovery: topic ${topic} moved from MAC ${otherMac} to ${mac}`);
          topicOfMac.delete(otherMac);
        }
      const id = deviceId(SOURCE, topic);
      if (!(registry.get(id) ?? registry.add(SOURCE, topic))) return;
      topicOfMac.set(mac, topic);
      const memory = memoryOf(id);
      memory.discovered = capabilities;
      const description = [name, firmware ? `Tasmota ${firmware}` : undefined].filter(Boolean).join(", ");
      registry.update(id, {
        ...(model ? { model } : {}),
        ...(description ? { description } : {}),
        capabilities: tasmotaCapabilities(memory),
      });
      const sensors = pendingSensors.get(mac);
      if (sensors) {
        pendingSensors.delete(mac);
        applySensors(id, sensors);
      }
      return;
    }
    if (event.raw.length === 0) return;
    const json = event.raw.length <= MAX_DISCOVERY_BYTES ? event.json : undefined;
    const sn = json ? discoverySensors(json) : undefined;
    if (!sn)
      return registry.report(
        `discovery sensors of ${mac.slice(0, 40)}: not {"sn":{...}} within ${MAX_DISCOVERY_BYTES} bytes`,
      );
    const topic = topicOfMac.get(mac);
    if (topic !== undefined) return applySensors(deviceId(SOURCE, topic), sn);
    if (pendingSensors.size < MAX_PENDING_SENSORS || pendingSensors.has(mac)) pendingSensors.set(mac, sn);
  };

  router.on({ source: SOURCE }, (event: DeviceEvent) => {
    if (event.kind.startsWith("discovery/")) return onDiscovery(event);
    const isPower = event.kind.startsWith("stat/POWER");
    if (event.kind !== "tele/LWT" && !isPower && !DESCRIBING.includes(event.kind)) return;
    const id = deviceId(SOURCE, event.device);
    const seen = { lastSeen: now().toISOString() };
    if (event.kind === "tele/LWT") {
      const text = event.text.trim();
      if (text !== "Online" && text !== "Offline")
        return registry.report(`LWT of ${event.device} is ${JSON.stringify(text.slice(0, 40))}, not Online/Offline`);
      if (registry.get(id) ?? registry.add(SOURCE, event.device))
        registry.update(id, { ...seen, availability: text === "Online" ? "online" : "offline" });
      return;
    }
    const payload = isPower ? undefined : event.json;
    if (!isPower && payload === undefined)
      return registry.report(`${event.topic.slice(0, 200)}: payload is not a JSON object (or nests too deep)`);
    if (!(registry.get(id) ?? registry.add(SOURCE, event.device))) return;
    const memory = memoryOf(id);
    const said =
      payload ??
      (() => {
        const text = event.text.trim();
        return text === "ON" || text === "OFF" ? { [event.kind.slice(5)]: text } : {};
      })();
    const model = payload ? modelOf(payload) : undefined;
    const changed = rememberTasmota(memory, event.kind, said);
    registry.update(id, {
      ...seen,
      ...(model && !memory.discovered ? { model } : {}),
      ...(changed ? { capabilities: tasmotaCapabilities(memory) } : {}),
    });
    if (onValues) {
      const values = tasmotaStateValues(event.kind, payload ?? event.text);
      if (Object.keys(values).length > 0) onValues(id, values);
    }
  });
}
