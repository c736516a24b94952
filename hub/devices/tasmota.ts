import { CAPABILITY_LIMITS, deviceId, type DeviceSourceName } from "../../contract/devices";
import { asObject, ownField, type JsonObject } from "../bridge/guards";
import type { DeviceEvent, DeviceRouter } from "../bridge/router";
import type { DeviceRegistry } from "./registry";
import { rememberTasmota, tasmotaCapabilities, tasmotaMemory, type TasmotaMemory } from "./tasmota-describe";

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

/**
 * Feeds `registry` with the Tasmota devices read through `router`: a device is added when it first
 * sends a STATE, RESULT, SENSOR, STATUS, `POWER<n>` or LWT message; its capabilities grow with what
 * it says ({@link tasmotaCapabilities}); `tele/<t>/LWT` `Online`/`Offline` sets availability; every
 * message sets last seen (the time it came: Tasmota's `Time` has no zone); a STATUS answer's
 * `Status.DeviceName` sets the model. `declared` devices (the household file's: devices/household.ts)
 * are listed from the start with what the file says of them, and grow the same way. `now` is the clock.
 */
export function followTasmota(
  registry: DeviceRegistry,
  router: DeviceRouter,
  declared: ReadonlyMap<string, TasmotaMemory> = new Map(),
  now = () => new Date(),
): void {
  const memories = new Map<string, TasmotaMemory>();
  for (const [name, memory] of declared) {
    if (!registry.add(SOURCE, name, { capabilities: tasmotaCapabilities(memory) })) continue;
    memories.set(deviceId(SOURCE, name), memory);
  }
  router.on({ source: SOURCE }, (event: DeviceEvent) => {
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
    let memory = memories.get(id);
    if (!memory) memories.set(id, (memory = tasmotaMemory()));
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
      ...(model ? { model } : {}),
      ...(changed ? { capabilities: tasmotaCapabilities(memory) } : {}),
    });
  });
}
