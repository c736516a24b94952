import * as v from "valibot";
import type { LightFeatures, LightRange } from "../../contract/lights";
import type { LightModel, Zigbee2MqttProperties } from "./model";

/**
 * Zigbee2MQTT exposes -> light features (spec §3; Zigbee2MQTT's "exposes" format,
 * https://www.zigbee2mqtt.io/guide/usage/exposes.html), pure. Reads the retained
 * `zigbee2mqtt/bridge/devices` array: each `definition.exposes` entry of `type: "light"` is one
 * light (one per endpoint when it carries `endpoint`), with `state`, `brightness` (numeric,
 * value_min/value_max), `color_temp` (numeric mired, value_min/value_max) and a `color_xy` /
 * `color_hs` composite as its features.
 */

const Feature = v.looseObject({
  name: v.optional(v.string()),
  property: v.optional(v.string()),
  type: v.optional(v.string()),
  value_min: v.optional(v.number()),
  value_max: v.optional(v.number()),
});
const Expose = v.looseObject({
  type: v.optional(v.string()),
  endpoint: v.optional(v.string()),
  features: v.optional(v.array(v.unknown())),
});
const Device = v.looseObject({
  friendly_name: v.string(),
  type: v.optional(v.string()),
  disabled: v.optional(v.boolean()),
  definition: v.optional(v.nullable(v.looseObject({ exposes: v.optional(v.array(v.unknown())) }))),
});

/** A numeric feature's range when both ends are integers, else undefined. */
function rangeOf(feature: v.InferOutput<typeof Feature>): LightRange | undefined {
  const { value_min: min, value_max: max } = feature;
  return Number.isInteger(min) && Number.isInteger(max) && (min as number) <= (max as number)
    ? { min: min as number, max: max as number }
    : undefined;
}

/** The endpoint number of an endpoint name: `l3` -> 3, else its 1-based position among the device's light endpoints. */
function endpointNumber(name: string, position: number): number {
  const match = /^l(\d{1,2})$/.exec(name);
  return match ? Number(match[1]) : position + 1;
}

/** One `type: "light"` expose's capabilities and property names. */
function readLightExpose(
  features: unknown[],
  suffix: string,
): { properties: Zigbee2MqttProperties; brightness: LightRange | null; rgb: boolean; white: LightRange | null } {
  const properties: Zigbee2MqttProperties = { colorMode: `color_mode${suffix}` };
  let brightness: LightRange | null = null;
  let white: LightRange | null = null;
  let rgb = false;
  for (const raw of features) {
    const parsed = v.safeParse(Feature, raw);
    if (!parsed.success) continue;
    const feature = parsed.output;
    const property = feature.property;
    if (property === undefined) continue;
    if (feature.name === "state" && feature.type === "binary") properties.state = property;
    else if (feature.name === "brightness" && feature.type === "numeric") {
      const range = rangeOf(feature);
      if (range) {
        properties.brightness = property;
        brightness = range;
      }
    } else if (feature.name === "color_temp" && feature.type === "numeric") {
      const range = rangeOf(feature);
      if (range) {
        properties.colorTemp = property;
        white = range;
      }
    } else if ((feature.name === "color_xy" || feature.name === "color_hs") && feature.type === "composite") {
      properties.color = property;
      rgb = true;
    }
  }
  return { properties, brightness, rgb, white };
}

/**
 * The lights of one `bridge/devices` entry: none for a device without a definition, disabled or a
 * coordinator; one per `type: "light"` expose. A single light keeps the friendly name as its id; a
 * device with several light endpoints gets `<name>_l<n>` per endpoint (`endpoint` n, `endpoints`
 * their count). Label = the id (the household file may rename). A light without a `state`
 * property is skipped.
 */
export function lightsOfDevice(raw: unknown): LightModel[] {
  const parsed = v.safeParse(Device, raw);
  if (!parsed.success) return [];
  const device = parsed.output;
  if (device.disabled === true || device.type === "Coordinator" || !device.definition?.exposes) return [];
  const lightExposes = device.definition.exposes
    .map((entry) => v.safeParse(Expose, entry))
    .flatMap((result) =>
      result.success && result.output.type === "light" && result.output.features ? [result.output] : [],
    );
  const withEndpoints = lightExposes.length > 1 || lightExposes.some((expose) => expose.endpoint !== undefined);
  const out: LightModel[] = [];
  lightExposes.forEach((expose, position) => {
    const endpoint = withEndpoints ? endpointNumber(expose.endpoint ?? String(position + 1), position) : null;
    const suffix = expose.endpoint !== undefined ? `_${expose.endpoint}` : "";
    const read = readLightExpose(expose.features ?? [], suffix);
    if (read.properties.state === undefined) return;
    const id = endpoint === null ? device.friendly_name : `${device.friendly_name}_l${endpoint}`;
    const features: LightFeatures = {
      id,
      device: device.friendly_name,
      source: "zigbee2mqtt",
      label: id,
      brightness: read.brightness,
      rgb: read.rgb,
      white: read.white,
      endpoint,
      endpoints: withEndpoints ? lightExposes.length : 1,
    };
    out.push({ features, target: { kind: "zigbee2mqtt", device: device.friendly_name, properties: read.properties } });
  });
  return out;
}

/** Every light of a `zigbee2mqtt/bridge/devices` payload (an array of devices; anything else: none). */
export function lightsOfBridgeDevices(payload: unknown): LightModel[] {
  return Array.isArray(payload) ? payload.flatMap((device) => lightsOfDevice(device)) : [];
}
