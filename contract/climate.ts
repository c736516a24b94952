/**
 * Heater and air conditioning (spec §3 "Heater config", "AC", §7 `POST heater/config/{mode}`,
 * `PATCH heater/config`, `POST /ac/{id}`; docs/contract.md "Heater and air conditioning"): the
 * paths on the general base, the bodies and answers, and the live topics `heater/state` and
 * `ac/<id>` the dashboard reads.
 *
 * The heater is a hub-side thermostat (like Home Assistant's generic_thermostat): mode `off` keeps
 * its relay off, `on` keeps it on (manual), `auto` switches it by comparing the controlling sensor's
 * temperature with the target, with hysteresis {@link HEATER_HYSTERESIS}.
 */
import * as v from "valibot";
import { itemOf } from "./envelope";

/** The heater's modes: relay always off, always on (manual), or switched by the thermostat. */
export const HEATER_MODES = ["off", "on", "auto"] as const;
export type HeaterMode = (typeof HEATER_MODES)[number];
export const HeaterModeSchema = v.picklist(HEATER_MODES);

/** Target temperature of the heater, °C: 5 (frost guard) .. 30, in steps of 0.5. */
export const HEATER_TEMPERATURE = { min: 5, max: 30, step: 0.5 } as const;

/**
 * Thermostat hysteresis, °C (generic_thermostat's cold_tolerance and hot_tolerance): in `auto` the
 * relay goes on at or below target − this and off at or above target + this; between, it stays.
 */
export const HEATER_HYSTERESIS = 0.3;

/** A reading older than this (ms) does not count: in `auto` the relay then goes off (fail-safe). */
export const HEATER_READING_MAX_AGE_MS = 15 * 60_000;

/** True when `value` is a whole multiple of `step` (within float error). */
const onStep = (value: number, step: number) => Math.abs(value / step - Math.round(value / step)) < 1e-9;

/** A temperature °C within `range`, a multiple of its step. */
function temperatureSchema(range: { min: number; max: number; step: number }) {
  return v.pipe(
    v.number(),
    v.finite(),
    v.minValue(range.min),
    v.maxValue(range.max),
    v.check((value) => onStep(value, range.step), `must be a multiple of ${String(range.step)}`),
  );
}

/** The heater's target temperature (°C, {@link HEATER_TEMPERATURE}). */
export const HeaterTemperatureSchema = temperatureSchema(HEATER_TEMPERATURE);

/** A sensor id of the household (`GET /config/sensors` `id`); the hub refuses one that is not a temperature sensor. */
export const HeaterSensorIdSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(128));

/** `GET`/`PATCH /heater/config` on the general base (spec §7). */
export const HEATER_CONFIG_PATH = "/heater/config";
/** `POST /heater/config/{mode}` (spec §7): Fastify route. */
export const HEATER_MODE_ROUTE = "/heater/config/:mode";

/** The path of `POST /heater/config/{mode}`. */
export function heaterModePath(mode: HeaterMode): string {
  return `${HEATER_CONFIG_PATH}/${mode}`;
}

/**
 * Body of `PATCH /heater/config` (spec §7 "body temperature or sensor"): the target temperature, the
 * controlling sensor's id, or both; at least one.
 */
export const HeaterConfigBodySchema = v.pipe(
  v.strictObject({
    temperature: v.optional(HeaterTemperatureSchema),
    sensor: v.optional(HeaterSensorIdSchema),
  }),
  v.check((body) => body.temperature !== undefined || body.sensor !== undefined, "temperature or sensor is required"),
);
export type HeaterConfigBody = v.InferOutput<typeof HeaterConfigBodySchema>;

/** The heater's config (spec §3 "Heater config: mode, temperature or sensor"), kept by the hub. */
export const HeaterConfigSchema = v.object({
  mode: HeaterModeSchema,
  temperature: HeaterTemperatureSchema,
  sensor: HeaterSensorIdSchema,
});
export type HeaterConfig = v.InferOutput<typeof HeaterConfigSchema>;

/** `{item: HeaterConfig}`: the answer of `GET`/`PATCH /heater/config` and `POST /heater/config/{mode}`. */
export const HeaterConfigAnswerSchema = itemOf(HeaterConfigSchema);
export type HeaterConfigAnswer = v.InferOutput<typeof HeaterConfigAnswerSchema>;

/** `heater/state`: the heater's live state (payload HeaterStatePayloadSchema, retained, published by the hub). */
export const HEATER_STATE_TOPIC = "heater/state";

const ON_OFF = v.picklist(["ON", "OFF"]);
const IsoTime = v.pipe(v.string(), v.isoTimestamp());
const Label = v.pipe(v.string(), v.minLength(1), v.maxLength(200));

/**
 * Payload of `heater/state` (spec §3 live state "heater state"): the heater's label and room (for
 * its tile), its relay's Tasmota `device` (whose `availability/<device>` says whether it answers),
 * the config, the controlling sensor's label and current temperature (°C, null while unknown or
 * stale), the relay (ON/OFF as the device last confirmed, null while unknown), `since` (when the
 * relay last changed, null while unknown) and `time` (when the hub published this).
 */
export const HeaterStatePayloadSchema = v.object({
  label: Label,
  room: Label,
  device: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  mode: HeaterModeSchema,
  temperature: HeaterTemperatureSchema,
  sensor: HeaterSensorIdSchema,
  sensorLabel: v.nullable(Label),
  current: v.nullable(v.pipe(v.number(), v.finite())),
  relay: v.nullable(ON_OFF),
  since: v.nullable(IsoTime),
  time: IsoTime,
});
export type HeaterStatePayload = v.InferOutput<typeof HeaterStatePayloadSchema>;

/** The IRHVAC modes (Tasmota IRHVAC `Mode`, IRremoteESP8266 stdAc::opmode_t); `Off` turns the unit off. */
export const AC_MODES = ["Off", "Auto", "Cool", "Heat", "Dry", "Fan"] as const;
export type AcMode = (typeof AC_MODES)[number];
export const AcModeSchema = v.picklist(AC_MODES);

/** IRHVAC fan speeds (`FanSpeed`, stdAc::fanspeed_t). */
export const AC_FAN_SPEEDS = ["Auto", "Min", "Low", "Medium", "High", "Max"] as const;
export type AcFanSpeed = (typeof AC_FAN_SPEEDS)[number];

/** The AC's target temperature, °C: 16 .. 30 in steps of 0.5 (IRHVAC `Temp` with `Celsius` on). */
export const AC_TEMPERATURE = { min: 16, max: 30, step: 0.5 } as const;
export const AcTemperatureSchema = temperatureSchema(AC_TEMPERATURE);

/** `POST /ac/{id}` on the general base (spec §7): Fastify route. */
export const AC_ROUTE = "/ac/:id";

/** The path of `POST /ac/{id}` for unit `id` (URL-encoded). */
export function acPath(id: string): string {
  return `/ac/${encodeURIComponent(id)}`;
}

/** Body of `POST /ac/{id}` (spec §7 "body mode or targetTemperature"): at least one of them. */
export const AcBodySchema = v.pipe(
  v.strictObject({
    mode: v.optional(AcModeSchema),
    targetTemperature: v.optional(AcTemperatureSchema),
  }),
  v.check(
    (body) => body.mode !== undefined || body.targetTemperature !== undefined,
    "mode or targetTemperature is required",
  ),
);
export type AcBody = v.InferOutput<typeof AcBodySchema>;

/**
 * What `POST /ac/{id}` answers: the unit, the Tasmota command sent (`IRHVAC`) with its JSON, and
 * when. It is not the new state: the IR blaster confirms that, and the hub publishes it on `ac/<id>`.
 */
export const AcCommandResultSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  command: v.literal("IRHVAC"),
  irhvac: v.record(v.string(), v.union([v.string(), v.number()])),
  sentAt: IsoTime,
});
export type AcCommandResult = v.InferOutput<typeof AcCommandResultSchema>;
export const AcCommandAnswerSchema = itemOf(AcCommandResultSchema);
export type AcCommandAnswer = v.InferOutput<typeof AcCommandAnswerSchema>;

/** `ac/<id>`: an AC unit's live state (payload AcStatePayloadSchema, retained, published by the hub). */
export function acStateTopic(id: string): string {
  return `ac/${id}`;
}

/**
 * Payload of `ac/<id>` (spec §3 "AC: mode, targetTemperature"): label, room and the IR blaster's
 * Tasmota `device` (for `availability/<device>`), the vendor, and the state the blaster last
 * confirmed: `mode` (Off when the unit is off), `targetTemperature` °C, `power`, `fanSpeed`; null
 * while nothing is known. `time`: when the hub heard it (ISO-8601).
 */
export const AcStatePayloadSchema = v.object({
  label: Label,
  room: Label,
  device: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  vendor: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  mode: v.nullable(AcModeSchema),
  targetTemperature: v.nullable(v.pipe(v.number(), v.finite())),
  power: v.nullable(v.picklist(["On", "Off"])),
  fanSpeed: v.nullable(v.picklist(AC_FAN_SPEEDS)),
  time: IsoTime,
});
export type AcStatePayload = v.InferOutput<typeof AcStatePayloadSchema>;
