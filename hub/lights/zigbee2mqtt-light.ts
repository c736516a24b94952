import type { LightColor, LightColorMode, LightState } from "../../contract/lights";
import type { CapabilitySet } from "../devices/commands";
import { hsToRgb, rgbToHex, xyToRgb } from "./color";
import type { LightCommand } from "./command";
import type { Zigbee2MqttProperties } from "./model";

/**
 * Zigbee2MQTT lights, pure: the live state of one light (endpoint) from `zigbee2mqtt/<name>`, and
 * the `zigbee2mqtt/<name>/set` payload of a command (https://www.zigbee2mqtt.io/guide/usage/mqtt_topics_and_messages.html).
 */

const own = (object: Record<string, unknown>, key: string | undefined): unknown =>
  key !== undefined && Object.hasOwn(object, key) ? object[key] : undefined;
const finite = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** Zigbee2MQTT 1.x's numeric colour modes (ZCL ColorMode: 0 hue/saturation, 1 x/y, 2 colour temperature). */
const NUMERIC_MODES: Record<number, LightColorMode> = { 0: "hs", 1: "xy", 2: "color_temp" };

function colorOf(raw: unknown): LightColor | null {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return null;
  const c = raw as Record<string, unknown>;
  const x = finite(c.x);
  const y = finite(c.y);
  const hue = finite(c.hue);
  const saturation = finite(c.saturation);
  let hex: string;
  if (x !== null && y !== null) hex = rgbToHex(xyToRgb(x, y));
  else if (hue !== null && saturation !== null) hex = rgbToHex(hsToRgb(hue, saturation));
  else return null;
  return {
    hex,
    ...(x !== null && y !== null ? { x, y } : {}),
    ...(hue !== null && saturation !== null ? { hue, saturation } : {}),
  };
}

/**
 * One light's live state (spec §3) from its device's state payload, read through its property
 * names (`state_l2` ...). A numeric legacy `color_mode` becomes hs/xy/color_temp. Undefined when
 * the payload has none of the light's properties (another endpoint's message).
 */
export function zigbee2mqttLightState(
  properties: Zigbee2MqttProperties,
  payload: Record<string, unknown>,
): LightState | undefined {
  const stateRaw = own(payload, properties.state);
  const brightness = finite(own(payload, properties.brightness));
  const color = colorOf(own(payload, properties.color));
  const colorTemp = finite(own(payload, properties.colorTemp));
  const modeRaw = own(payload, properties.colorMode);
  const state = stateRaw === "ON" || stateRaw === "OFF" ? stateRaw : null;
  if (state === null && brightness === null && color === null && colorTemp === null) return undefined;
  let mode: LightColorMode | null = null;
  if (modeRaw === "hs" || modeRaw === "xy" || modeRaw === "color_temp") mode = modeRaw;
  else if (typeof modeRaw === "number") mode = NUMERIC_MODES[modeRaw] ?? null;
  return { state, brightness, color, color_mode: mode, color_temp: colorTemp };
}

/**
 * The `zigbee2mqtt/<device>/set` payload of a validated command, under the light's own property
 * names (`{"state_l2":"ON","brightness_l2":120}` for endpoint l2, as set_multi_endpoint.json).
 */
export function zigbee2mqttSetPayload(
  properties: Zigbee2MqttProperties,
  command: LightCommand,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (command.state !== undefined && properties.state) out[properties.state] = command.state;
  if (command.brightness !== undefined && properties.brightness) out[properties.brightness] = command.brightness;
  if (command.color_temp !== undefined && properties.colorTemp) out[properties.colorTemp] = command.color_temp;
  if (command.color !== undefined && properties.color) out[properties.color] = command.color;
  return out;
}

/**
 * The capability values of a validated command, in the order of {@link zigbee2mqttSetPayload}: each
 * the light's own property (`state_l2`) and its value, for devices/commands.ts DeviceCommands.setMany.
 */
export function zigbee2mqttSteps(properties: Zigbee2MqttProperties, command: LightCommand): CapabilitySet[] {
  return Object.entries(zigbee2mqttSetPayload(properties, command)).map(([property, value]) => ({ property, value }));
}
