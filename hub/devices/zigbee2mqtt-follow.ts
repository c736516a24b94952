import { deviceId } from "../../contract/devices";
import { asObject, isSafeDeviceName, ownField, type JsonObject } from "../bridge/guards";
import type { DeviceRouter } from "../bridge/router";
import { MAX_DEVICES_PER_SOURCE, type DevicePatch, type DeviceRegistry } from "./registry";
import { availabilityOf, describeBridgeDevices, describeDefinition, lastSeenOf } from "./zigbee2mqtt";

const id = (name: string) => deviceId("zigbee2mqtt", name);
const text = (object: JsonObject | undefined, key: string): string | undefined => {
  const value = object ? ownField(object, key) : undefined;
  return typeof value === "string" ? value : undefined;
};

/**
 * Feeds `registry` with the Zigbee2MQTT devices read through `router`:
 * - `bridge/devices` replaces the source's devices ({@link describeBridgeDevices}; those no longer
 *   listed are removed, availability and last seen of the others kept; a device listed under a new
 *   friendly name with the IEEE address a missing one had is renamed, not removed and added); a list
 *   refused whole changes nothing;
 * - `bridge/event` (zigbee2mqtt.io "MQTT Topics and Messages"): `device_joined` adds the device with no
 *   capabilities, `device_interview` `successful` sets its model, vendor, description and (when the
 *   event's definition has exposes) capabilities, `device_leave` removes it, `device_announce` sets its
 *   last seen; a malformed event is reported;
 * - `bridge/response/device/rename` `{data: {from, to}, status: "ok"}` renames the device
 *   (registry.rename: its state and adoption follow);
 * - `<name>/availability` sets availability and a `<name>` state sets last seen (its `last_seen`, else
 *   the time it came); either heard before the device is listed (retained messages come before
 *   `bridge/devices`) is applied when it is, for at most MAX_DEVICES_PER_SOURCE names. `now` is the clock.
 */
export function followZigbee2Mqtt(registry: DeviceRegistry, router: DeviceRouter, now = () => new Date()): void {
  const early = new Map<string, "online" | "offline">();
  /** The last seen time (ISO-8601) of each device whose state came before it was listed (retained states come first). */
  const earlySeen = new Map<string, string>();
  /** What was heard of device `name` before it was listed (availability, last seen), forgotten once taken. */
  const takeEarly = (name: string): DevicePatch => {
    const availability = early.get(name);
    const lastSeen = earlySeen.get(name);
    early.delete(name);
    earlySeen.delete(name);
    return { ...(availability ? { availability } : {}), ...(lastSeen ? { lastSeen } : {}) };
  };
  /** IEEE address -> friendly name, from the last bridge/devices (and joins since). */
  let names = new Map<string, string>();
  const report = (reason: string) => registry.report(reason);

  router.on({ source: "zigbee2mqtt", kinds: ["bridge/devices"] }, (event) => {
    const described = describeBridgeDevices(event.value, report);
    if (described === undefined) return; // refused whole: what was known stays
    const listed = new Set(described.map((device) => id(device.name)));
    for (const device of described) {
      const before = device.ieee !== undefined ? names.get(device.ieee) : undefined;
      if (before !== undefined && before !== device.name && !listed.has(id(before)))
        registry.rename(id(before), device.name);
    }
    for (const device of registry.ofSource("zigbee2mqtt")) if (!listed.has(device.id)) registry.remove(device.id);
    names = new Map();
    for (const { name, ieee, ...patch } of described) {
      if (ieee !== undefined) names.set(ieee, name);
      const patchWith = { ...patch, ...takeEarly(name) };
      if (registry.get(id(name))) registry.update(id(name), patchWith);
      else registry.add("zigbee2mqtt", name, patchWith);
    }
  });

  router.on({ source: "zigbee2mqtt", kinds: ["bridge/event"] }, (event) => {
    const type = text(event.json, "type");
    const data = asObject(event.json ? ownField(event.json, "data") : undefined);
    const ieee = text(data, "ieee_address")?.slice(0, 32);
    const name = text(data, "friendly_name") ?? (ieee !== undefined ? names.get(ieee) : undefined);
    if (type === undefined || data === undefined || name === undefined)
      return report("zigbee2mqtt/bridge/event is not {type, data: {friendly_name | ieee_address}}");
    if (!isSafeDeviceName(name))
      return report(`zigbee2mqtt device name ${JSON.stringify(name.slice(0, 64))} is not a safe topic segment`);
    if (type === "device_joined") {
      if (ieee !== undefined && names.size < MAX_DEVICES_PER_SOURCE) names.set(ieee, name);
      registry.add("zigbee2mqtt", name, takeEarly(name));
    } else if (type === "device_interview") {
      if (text(data, "status") !== "successful") return;
      const supported = ownField(data, "supported");
      const { capabilities, ...rest } = describeDefinition(
        name,
        ownField(data, "definition") ?? null,
        typeof supported === "boolean" ? supported : undefined,
        report,
      );
      const patch: DevicePatch = capabilities !== undefined ? { ...rest, capabilities } : rest;
      if (registry.get(id(name))) registry.update(id(name), patch);
      else registry.add("zigbee2mqtt", name, { ...patch, ...takeEarly(name) });
    } else if (type === "device_leave") {
      registry.remove(id(name));
      if (ieee !== undefined) names.delete(ieee);
    } else if (type === "device_announce") {
      registry.update(id(name), { lastSeen: now().toISOString() });
    }
  });

  router.on({ source: "zigbee2mqtt", kinds: ["bridge/response/device/rename"] }, (event) => {
    const data = asObject(event.json ? ownField(event.json, "data") : undefined);
    const from = text(data, "from");
    const to = text(data, "to");
    if (text(event.json, "status") !== "ok") return;
    if (from === undefined || to === undefined || !isSafeDeviceName(to))
      return report("zigbee2mqtt/bridge/response/device/rename is not {data: {from, to}} with a safe name");
    registry.rename(id(from), to);
    for (const [ieee, known] of names) if (known === from) names.set(ieee, to);
  });

  router.on({ source: "zigbee2mqtt", kinds: ["availability"] }, (event) => {
    const state = availabilityOf(event.text, event.json);
    if (!state) return report(`availability of ${event.device.slice(0, 64)} is neither online nor offline`);
    if (registry.get(id(event.device))) registry.setAvailability(id(event.device), state);
    else if (early.has(event.device) || early.size < MAX_DEVICES_PER_SOURCE) early.set(event.device, state);
  });

  router.on({ source: "zigbee2mqtt", kinds: ["state"] }, (event) => {
    const lastSeen = lastSeenOf(event.json) ?? now().toISOString();
    if (registry.get(id(event.device))) registry.update(id(event.device), { lastSeen });
    else if (earlySeen.has(event.device) || earlySeen.size < MAX_DEVICES_PER_SOURCE)
      earlySeen.set(event.device, lastSeen);
  });
}
