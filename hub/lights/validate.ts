import type { LightFeatures, LightSetBody } from "../../contract/lights";
import { HubError } from "../core/errors";
import type { LightColorCommand, LightCommand } from "./command";
import type { LightModel } from "./model";

/**
 * `POST /light/{id}/set` body checks against the light's features (spec §3, §7:
 * unknown device 404, bad value 400 naming the field, nothing invalid reaches a
 * device), pure apart from throwing HubError.
 */

/** The lights the check looks up: one by id, and a multi-endpoint device's endpoint lights by device name. */
export interface LightDirectory {
  light(id: string): LightModel | undefined;
  /** The endpoint lights of a device with several (ordered by endpoint), or [] . */
  endpointsOf(device: string): readonly LightModel[];
}

/** One light and the command it gets. */
export interface LightTarget {
  model: LightModel;
  command: LightCommand;
}

const PROPERTIES = ["state", "brightness", "color", "color_temp"] as const;
type Property = (typeof PROPERTIES)[number];
const SUFFIXED = /^(state|brightness|color|color_temp)_l(\d{1,2})$/;
/** A key shown in a message: field-like text only, never arbitrary client text (hub/http/body.ts does the same). */
const shown = (key: string) => (/^[A-Za-z_][A-Za-z0-9_]{0,39}$/.test(key) ? key : "?");
const bad = (message: string) => new HubError("BAD_REQUEST", message);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
const inRange = (value: unknown, min: number, max: number): value is number =>
  isNumber(value) && value >= min && value <= max;
const hasExactly = (object: Record<string, unknown>, keys: string[]) =>
  Object.keys(object).length === keys.length && keys.every((key) => Object.hasOwn(object, key));

/** A colour of the body in one of the forms Zigbee2MQTT accepts, or a 400 naming `field`. */
function colorOf(field: string, value: unknown): LightColorCommand {
  const rule = `${field}: expected {hex:"#rrggbb"}, {x,y} (0..1), {hue (0..360), saturation (0..100)} or {r,g,b} (0..255)`;
  if (!isObject(value)) throw bad(rule);
  if (hasExactly(value, ["hex"]) && typeof value.hex === "string" && /^#?[0-9a-fA-F]{6}$/.test(value.hex)) {
    return { hex: value.hex.startsWith("#") ? value.hex.toLowerCase() : `#${value.hex.toLowerCase()}` };
  }
  if (hasExactly(value, ["x", "y"]) && inRange(value.x, 0, 1) && inRange(value.y, 0, 1))
    return { x: value.x, y: value.y };
  if (hasExactly(value, ["hue", "saturation"]) && inRange(value.hue, 0, 360) && inRange(value.saturation, 0, 100))
    return { hue: value.hue, saturation: value.saturation };
  if (
    hasExactly(value, ["r", "g", "b"]) &&
    [value.r, value.g, value.b].every((c) => Number.isInteger(c) && inRange(c, 0, 255))
  ) {
    return { r: value.r as number, g: value.g as number, b: value.b as number };
  }
  throw bad(rule);
}

/** Adds one property to `command` after checking it against `features`; `field` is the body key it came from. */
function addProperty(
  command: LightCommand,
  features: LightFeatures,
  property: Property,
  field: string,
  value: unknown,
): void {
  switch (property) {
    case "state":
      if (value !== "ON" && value !== "OFF" && value !== "TOGGLE")
        throw bad(`${field}: expected "ON", "OFF" or "TOGGLE"`);
      command.state = value;
      return;
    case "brightness": {
      const range = features.brightness;
      if (!range) throw bad(`${field}: this light has no brightness`);
      if (!Number.isInteger(value) || !inRange(value, range.min, range.max))
        throw bad(`${field}: expected an integer from ${range.min} to ${range.max}`);
      command.brightness = value;
      return;
    }
    case "color":
      if (!features.rgb) throw bad(`${field}: this light has no colour`);
      command.color = colorOf(field, value);
      return;
    case "color_temp": {
      const range = features.white;
      if (!range) throw bad(`${field}: this light has no colour temperature`);
      if (!Number.isInteger(value) || !inRange(value, range.min, range.max))
        throw bad(`${field}: expected an integer mired from ${range.min} to ${range.max}`);
      command.color_temp = value;
      return;
    }
  }
}

const isProperty = (key: string): key is Property => (PROPERTIES as readonly string[]).includes(key);

/** The endpoint number of `endpoint` in the body: an integer 1..count, else 400. */
function endpointOf(value: unknown, count: number): number {
  if (!Number.isInteger(value) || !inRange(value, 1, count))
    throw bad(`endpoint: expected an integer from 1 to ${count} (the device's light endpoints)`);
  return value;
}

/**
 * Checks `body` for light `id` and answers the lights it addresses with their commands.
 * `id` is a light (`bulb`, `zigfred_l2`) or a multi-endpoint device (`zigfred`), which then takes
 * `endpoint` or endpoint-suffixed properties (`state_l2`) and may address several endpoints at once.
 * @throws HubError NOT_FOUND for an unknown light; BAD_REQUEST naming the field for an unknown
 *   property, a value outside the light's range, colour on a light without rgb, colour temperature
 *   on one without white, an endpoint beyond the device's count, or an empty body.
 */
export function validateLightSet(
  directory: LightDirectory,
  id: string,
  body: LightSetBody | Record<string, unknown>,
): LightTarget[] {
  if (!isObject(body)) throw bad("body: expected an object");
  const single = directory.light(id);
  const endpointLights = single ? [] : directory.endpointsOf(id);
  if (!single && endpointLights.length === 0) {
    const match = /^(.+)_l(\d{1,3})$/.exec(id);
    const siblings = match ? directory.endpointsOf(match[1] ?? "") : [];
    if (match && siblings.length > 0)
      throw bad(
        `endpoint: ${match[2]} is beyond the device's ${siblings[0]?.features.endpoints ?? siblings.length} light endpoints`,
      );
    throw new HubError("NOT_FOUND", "unknown light");
  }
  const count = single ? single.features.endpoints : (endpointLights[0]?.features.endpoints ?? endpointLights.length);
  const byEndpoint = new Map<number, LightCommand>();
  const commandFor = (endpoint: number) => {
    const existing = byEndpoint.get(endpoint);
    if (existing) return existing;
    const created: LightCommand = {};
    byEndpoint.set(endpoint, created);
    return created;
  };
  const modelFor = (endpoint: number): LightModel => {
    if (single) return single;
    const model = endpointLights.find((light) => light.features.endpoint === endpoint);
    if (!model) throw bad(`endpoint: ${endpoint} is not a light endpoint of this device`);
    return model;
  };
  const ownEndpoint = single?.features.endpoint ?? null;
  let bodyEndpoint: number | null = null;
  if (Object.hasOwn(body, "endpoint")) {
    bodyEndpoint = endpointOf(body.endpoint, count);
    if (single && bodyEndpoint !== (ownEndpoint ?? 1))
      throw bad(`endpoint: light ${shown(id)} is endpoint ${ownEndpoint ?? 1}`);
  }
  for (const [key, value] of Object.entries(body)) {
    if (key === "endpoint") continue;
    let property: Property;
    let endpoint: number;
    const suffixed = SUFFIXED.exec(key);
    if (isProperty(key)) {
      property = key;
      if (single) endpoint = ownEndpoint ?? 1;
      else if (bodyEndpoint !== null) endpoint = bodyEndpoint;
      else throw bad(`endpoint: required for a device with ${count} light endpoints (or use ${key}_l<n>)`);
    } else if (suffixed && !single) {
      property = suffixed[1] as Property;
      endpoint = Number(suffixed[2]);
      if (endpoint < 1 || endpoint > count)
        throw bad(`${shown(key)}: endpoint ${endpoint} is beyond the device's ${count} light endpoints`);
    } else {
      throw bad(
        `${shown(key)}: unknown property (expected state, brightness, color, color_temp${single ? "" : ", endpoint or <property>_l<n>"})`,
      );
    }
    addProperty(commandFor(endpoint), modelFor(endpoint).features, property, shown(key), value);
  }
  if (byEndpoint.size === 0) throw bad("body: nothing to set (give state, brightness, color or color_temp)");
  return [...byEndpoint.entries()]
    .sort(([a], [b]) => a - b)
    .map(([endpoint, command]) => ({ model: modelFor(endpoint), command }));
}
