import { deviceId, deviceStateTopic, type Capability, type DeviceStatePayload } from "../../contract/devices";
import { LIVE_PAYLOAD_MAX_BYTES } from "../../contract/topics";
import { jsonDepthWithin } from "../../src/shared/jsonDepth";
import type { JsonObject } from "../bridge/guards";
import type { DeviceRouter } from "../bridge/router";
import type { BrokerLink, HubLogger } from "../broker/link";
import { MAX_DEVICES_PER_SOURCE, type DeviceRegistry } from "./registry";
import { lastSeenOf } from "./zigbee2mqtt";

/** Most values one device's state keeps. */
export const MAX_STATE_KEYS = 256;
/** Largest JSON of one object or array value (a colour `{x, y, hue, saturation}`, a gradient's colours), bytes. */
const MAX_OBJECT_VALUE_BYTES = 2048;
/** Deepest nesting of one object or array value. */
const MAX_OBJECT_VALUE_DEPTH = 4;
/** Keys every device's state keeps besides its capabilities' properties (Zigbee2MQTT adds them to each state). */
const ALWAYS = ["battery", "linkquality"];
const PROTOTYPE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** Every property `list` names (nested features included; a list's items have none). */
function propertiesOf(list: readonly Capability[], into = new Set<string>()): Set<string> {
  for (const item of list) {
    if (item.property !== undefined) into.add(item.property);
    if (item.features) propertiesOf(item.features, into);
  }
  return into;
}

/** True for a value the state keeps: a scalar, or an object or array of at most 2 KiB and depth 4. */
function keepable(value: unknown): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (typeof value !== "object") return false;
  return jsonDepthWithin(value, MAX_OBJECT_VALUE_DEPTH) && JSON.stringify(value).length <= MAX_OBJECT_VALUE_BYTES;
}

/** Counters of the device states: payloads published, and values or payloads refused. */
export interface DeviceStateStats {
  published: number;
  refused: number;
}

/**
 * The last known values of every registry device, published retained on `device/<id>/state`
 * (contract/devices.ts deviceStateTopic, DeviceStatePayloadSchema: `{values, at}`) through the hub's
 * own `link`, QoS 0. From each Zigbee2MQTT `zigbee2mqtt/<name>` state ({@link follow}) it keeps the
 * properties that are capabilities of the device, plus `battery` and `linkquality`; for a device
 * without capabilities (unsupported, no definition) its top-level scalar properties. At most
 * {@link MAX_STATE_KEYS} keys, each a scalar or an object/array of at most 2 KiB; a payload over
 * LIVE_PAYLOAD_MAX_BYTES is not published (reported). A device that leaves has its topic emptied
 * (zero-byte retained); a renamed one has its values moved to its new id. A state heard before its
 * device is listed is applied when it is (the last one, for at most MAX_DEVICES_PER_SOURCE devices).
 * Never throws on input.
 */
export class DeviceStates {
  readonly stats: DeviceStateStats = { published: 0, refused: 0 };
  private readonly states = new Map<string, DeviceStatePayload>();
  /** The last state of each device heard before it is listed (retained states come before bridge/devices), by id. */
  private readonly early = new Map<string, { json: JsonObject; at: string }>();
  private readonly stopListening: () => void;

  constructor(
    private readonly registry: DeviceRegistry,
    private readonly link: Pick<BrokerLink, "publish">,
    private readonly log?: HubLogger,
  ) {
    this.stopListening = registry.onChange((change) => {
      const waiting = this.early.get(change.device.id);
      if (change.kind === "added" && waiting) {
        this.early.delete(change.device.id);
        this.merge(change.device.id, this.pick(waiting.json, change.device.capabilities), waiting.at);
      }
      if (change.kind === "removed") this.clear(change.device.id);
      else if (change.kind === "renamed") {
        const state = this.states.get(change.from);
        this.clear(change.from);
        if (state) this.put(change.device.id, state);
      }
    });
  }

  /** Follows Zigbee2MQTT's device states through `router` (`zigbee2mqtt/<name>`, JSON objects only). */
  follow(router: DeviceRouter, now = () => new Date()): this {
    router.on({ source: "zigbee2mqtt", kinds: ["state"] }, (event) => {
      if (event.json === undefined) return;
      const id = deviceId("zigbee2mqtt", event.device);
      const device = this.registry.get(id);
      const at = lastSeenOf(event.json) ?? now().toISOString();
      if (device) this.merge(id, this.pick(event.json, device.capabilities), at);
      else if (this.early.has(id) || this.early.size < MAX_DEVICES_PER_SOURCE)
        this.early.set(id, { json: event.json, at });
    });
    return this;
  }

  /**
   * Merges `values` (keyed by capability property: `state_l2`, `position`, `BME280.Temperature`) into
   * the state of registry device `id` and publishes it, `at` (ISO-8601) as its time. Keys
   * `__proto__`/`constructor`/`prototype`, values that are not scalars or small objects, and keys over
   * {@link MAX_STATE_KEYS} are left out (counted); nothing is published for a device not in the registry.
   * Answers the state published, or undefined.
   */
  merge(id: string, values: Readonly<Record<string, unknown>>, at: string): DeviceStatePayload | undefined {
    if (!this.registry.get(id)) return undefined;
    const merged: Record<string, unknown> = { ...this.states.get(id)?.values };
    for (const [key, value] of Object.entries(values)) {
      if (PROTOTYPE_KEYS.has(key) || !keepable(value)) {
        this.stats.refused += 1;
        continue;
      }
      if (!Object.hasOwn(merged, key) && Object.keys(merged).length >= MAX_STATE_KEYS) {
        this.stats.refused += 1;
        continue;
      }
      merged[key] = value;
    }
    const state = { values: merged, at };
    return this.put(id, state) ? state : undefined;
  }

  /** The last state of device `id`, or undefined. */
  get(id: string): DeviceStatePayload | undefined {
    return this.states.get(id);
  }

  /** Stops following the registry. */
  stop(): void {
    this.stopListening();
  }

  /** The values of a Zigbee2MQTT state that `capabilities` name (all top-level scalars when there are none). */
  private pick(json: JsonObject, capabilities: readonly Capability[]): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    if (capabilities.length === 0) {
      for (const [key, value] of Object.entries(json))
        if (value === null || typeof value !== "object") out[key] = value;
      return out;
    }
    const properties = propertiesOf(capabilities);
    for (const key of ALWAYS) properties.add(key);
    for (const key of properties) if (Object.hasOwn(json, key)) out[key] = json[key];
    return out;
  }

  private put(id: string, state: DeviceStatePayload): boolean {
    const payload = JSON.stringify(state);
    if (Buffer.byteLength(payload) > LIVE_PAYLOAD_MAX_BYTES) {
      this.stats.refused += 1;
      this.registry.report(`${id.slice(0, 64)}: its state is over ${LIVE_PAYLOAD_MAX_BYTES} bytes, not published`);
      return false;
    }
    this.states.set(id, state);
    try {
      this.link.publish(deviceStateTopic(id), payload, { retain: true, qos: 0 });
      this.stats.published += 1;
    } catch (error) {
      this.log?.error({ err: error, device: id }, "device state: publish failed");
    }
    return true;
  }

  private clear(id: string): void {
    if (!this.states.delete(id)) return;
    try {
      this.link.publish(deviceStateTopic(id), "", { retain: true, qos: 0 });
    } catch (error) {
      this.log?.error({ err: error, device: id }, "device state: clearing failed");
    }
  }
}
