import * as v from "valibot";
import { itemOf } from "./envelope";
import { DeviceNameSchema, RoomNameSchema } from "./sensors";

/**
 * Lights (spec §3 "Light features", §7 `POST /light/{id}/set`; docs/contract.md "Lights").
 *
 * A light id is a Zigbee2MQTT friendly name, a Tasmota topic, or, for a device with several light
 * endpoints, `<name>_l<n>` (one id per endpoint, spec §3 "several endpoints addressed as name_l<n>").
 */

/** Route of `POST /light/{id}/set` on the general base (Fastify syntax). */
export const LIGHT_SET_ROUTE = "/light/:id/set";

/** `/light/<id>/set` for one light id (the id URL-encoded). */
export function lightSetPath(id: string): string {
  return `/light/${encodeURIComponent(id)}/set`;
}

const Int = v.pipe(v.number(), v.integer());

/** An inclusive integer range `{min, max}` with min <= max. */
export const LightRangeSchema = v.pipe(
  v.object({ min: Int, max: Int }),
  v.check((range) => range.min <= range.max, "min must not exceed max"),
);
export type LightRange = v.InferOutput<typeof LightRangeSchema>;

/** Where a light lives: Zigbee2MQTT (features from `bridge/devices` exposes) or Tasmota (from its STATE). */
export const LightSourceSchema = v.picklist(["zigbee2mqtt", "tasmota"]);
export type LightSource = v.InferOutput<typeof LightSourceSchema>;

/**
 * One light's features (spec §3), published retained on `features/light/<id>`:
 * `brightness` the device's brightness range (Zigbee2MQTT 0..254, Tasmota Dimmer 0..100; null = on/off
 * only), `rgb` true when it has a colour property (`color_xy` / `color_hs`, Tasmota 3+ channels),
 * `white` its colour-temperature range in mired (null = none; kelvin = 1,000,000 / mired,
 * {@link miredToKelvin}), `endpoint` its endpoint number (null for a single-endpoint light) and
 * `endpoints` the device's light endpoint count (1 for a single-endpoint light). `device` is the
 * Zigbee2MQTT friendly name or Tasmota topic; `label` and `room` come from the household file.
 */
export const LightFeaturesSchema = v.object({
  id: DeviceNameSchema,
  device: DeviceNameSchema,
  source: LightSourceSchema,
  label: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  room: v.optional(RoomNameSchema),
  brightness: v.nullable(LightRangeSchema),
  rgb: v.boolean(),
  white: v.nullable(LightRangeSchema),
  endpoint: v.nullable(v.pipe(Int, v.minValue(1))),
  endpoints: v.pipe(Int, v.minValue(1)),
});
export type LightFeatures = v.InferOutput<typeof LightFeaturesSchema>;

/** A colour as the hub publishes it: `hex` (`#rrggbb`, sRGB at full brightness) plus the device's own CIE x/y or hue/saturation when it sent them. */
export const LightColorSchema = v.object({
  hex: v.pipe(v.string(), v.regex(/^#[0-9a-f]{6}$/, "must be #rrggbb")),
  x: v.optional(v.number()),
  y: v.optional(v.number()),
  hue: v.optional(v.number()),
  saturation: v.optional(v.number()),
});
export type LightColor = v.InferOutput<typeof LightColorSchema>;

/** The colour modes of the live state (Zigbee2MQTT's; a legacy numeric mode 0/1/2 becomes hs/xy/color_temp). */
export const LightColorModeSchema = v.picklist(["hs", "xy", "color_temp"]);
export type LightColorMode = v.InferOutput<typeof LightColorModeSchema>;

/**
 * Live light state (spec §3), retained on `light/<id>`: `state` ON/OFF, `brightness` in the light's
 * own range, `color`, `color_mode`, `color_temp` in mired; null when the device did not say.
 */
export const LightStateSchema = v.object({
  state: v.nullable(v.picklist(["ON", "OFF"])),
  brightness: v.nullable(v.number()),
  color: v.nullable(LightColorSchema),
  color_mode: v.nullable(LightColorModeSchema),
  color_temp: v.nullable(v.number()),
});
export type LightState = v.InferOutput<typeof LightStateSchema>;

/**
 * Body of `POST /light/{id}/set` (spec §7: free form): a JSON object the hub checks against the
 * light's features. Properties: `state` (`ON` `OFF` `TOGGLE`), `brightness` (integer in the range),
 * `color` (`{hex:"#rrggbb"}`, `{x,y}`, `{hue,saturation}` or `{r,g,b}`; rgb lights only),
 * `color_temp` (integer mired in the white range), `endpoint` (1..endpoints, on a device id), and
 * on a multi-endpoint device's id the endpoint-suffixed forms (`state_l2`, `brightness_l1`, ...).
 */
export const LightSetBodySchema = v.record(v.string(), v.unknown());
export type LightSetBody = {
  state?: "ON" | "OFF" | "TOGGLE";
  brightness?: number;
  color?:
    | { hex: string }
    | { x: number; y: number }
    | { hue: number; saturation: number }
    | { r: number; g: number; b: number };
  color_temp?: number;
  endpoint?: number;
  [suffixed: string]: unknown;
};

/** `{item:{id, sent}}`: the answer of `POST /light/{id}/set`: the light and how many device messages went out. */
export const LightSetAnswerSchema = itemOf(v.object({ id: v.string(), sent: v.pipe(Int, v.minValue(1)) }));
export type LightSetAnswer = v.InferOutput<typeof LightSetAnswerSchema>;

/**
 * A light of the household file (`lights`): `name` is the light id (a Zigbee2MQTT friendly name,
 * `<name>_l<n>` for an endpoint, or the Tasmota light's name), `label` and `room` what the
 * dashboard shows, `tasmota` the Tasmota topic for a Tasmota light (Zigbee2MQTT lights are found
 * in `bridge/devices`; an entry only names and places them).
 */
export const LightConfigSchema = v.object({
  name: DeviceNameSchema,
  label: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  room: v.optional(RoomNameSchema),
  tasmota: v.optional(DeviceNameSchema),
});
export type LightConfig = v.InferOutput<typeof LightConfigSchema>;

/** Kelvin for a colour temperature in mired (K = 1,000,000 / mired), rounded. */
export function miredToKelvin(mired: number): number {
  return Math.round(1_000_000 / mired);
}

/** Mired for a colour temperature in kelvin (mired = 1,000,000 / K), rounded. */
export function kelvinToMired(kelvin: number): number {
  return Math.round(1_000_000 / kelvin);
}
