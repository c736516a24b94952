import * as v from "valibot";
import { itemOf, itemsOf } from "./envelope";
import { DeviceNameSchema } from "./sensors";

/** Path of the switch definitions on the general base (spec §7). */
export const SWITCHES_PATH = "/config/switches";

/** A switch as `GET /config/switches` answers it (spec §3): name, label shown to people, purpose (null = none set). */
export const SwitchSchema = v.object({
  name: DeviceNameSchema,
  label: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  purpose: v.nullable(v.pipe(v.string(), v.minLength(1), v.maxLength(64))),
});
export type Switch = v.InferOutput<typeof SwitchSchema>;

/** `{items: Switch[]}`: the answer of `GET /config/switches`. */
export const SwitchesAnswerSchema = itemsOf(SwitchSchema);
export type SwitchesAnswer = v.InferOutput<typeof SwitchesAnswerSchema>;

/** A relay number of a multi-relay Tasmota device (`POWER1`..`POWER32`). */
export const RelaySchema = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(32));

/** A group of the switches screen (spec §3 `switchesList`); items are `name` or `name/relay`. */
export const SwitchGroupSchema = v.object({
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  items: v.array(v.pipe(v.string(), v.regex(/^[^/+#]+(\/\d{1,2})?$/, "must be name or name/relay"))),
});
export type SwitchGroup = v.InferOutput<typeof SwitchGroupSchema>;

/** ON/OFF payload of `power/<device>/POWER<n>` (DESIGN.md §3). */
export const PowerPayloadSchema = v.object({ state: v.picklist(["ON", "OFF"]) });
export type PowerPayload = v.InferOutput<typeof PowerPayloadSchema>;

/** `POST /switch/{id}/set` on the general base (spec §7): sets one relay of switch `id` (its `name`). */
export const SWITCH_SET_ROUTE = "/switch/:id/set";

/** The path of `POST /switch/{id}/set` for switch `name` (URL-encoded). */
export function switchSetPath(name: string): string {
  return `/switch/${encodeURIComponent(name)}/set`;
}

/**
 * What a relay is set to: Tasmota's `ON`, `OFF`, or `TOGGLE` (the device flips it; our addition for
 * callers that do not know the state: the dashboard always sends ON or OFF).
 */
export const SwitchCommandStateSchema = v.picklist(["ON", "OFF", "TOGGLE"]);
export type SwitchCommandState = v.InferOutput<typeof SwitchCommandStateSchema>;

/**
 * Body of `POST /switch/{id}/set` (spec §7 "body relay, state"): `relay` 0 (default) is Tasmota's
 * plain `POWER`, 1..32 `POWER<n>`; the hub refuses a relay the device does not have.
 */
export const SwitchSetBodySchema = v.strictObject({
  relay: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(32)), 0),
  state: SwitchCommandStateSchema,
});
export type SwitchSetBody = v.InferOutput<typeof SwitchSetBodySchema>;

/**
 * `{item:{name, relay, command, state}}`: what the hub sent (`command` = `POWER` or `POWER<n>`).
 * It is not the new state: the device confirms that on `power/<name>/POWER<n>`.
 */
export const SwitchSetAnswerSchema = itemOf(
  v.object({
    name: DeviceNameSchema,
    relay: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(32)),
    command: v.pipe(v.string(), v.regex(/^POWER\d{0,2}$/)),
    state: SwitchCommandStateSchema,
  }),
);
export type SwitchSetAnswer = v.InferOutput<typeof SwitchSetAnswerSchema>;

/** Tasmota's command (and RESULT key) of relay `relay`: 0 = `POWER`, n = `POWER<n>`. */
export function tasmotaPowerCommand(relay: number): string {
  return relay === 0 ? "POWER" : `POWER${String(relay)}`;
}

/** `GET`/`PATCH /config/switches/{id}` on the general base (spec §7): one switch definition. */
export const SWITCH_CONFIG_ROUTE = "/config/switches/:id";

/** The path of `GET`/`PATCH /config/switches/{id}` for switch `name` (URL-encoded). */
export function switchConfigPath(name: string): string {
  return `/config/switches/${encodeURIComponent(name)}`;
}

/** `POST /config/switches/reload` (spec §7): the definitions again, household file plus stored edits. */
export const SWITCHES_RELOAD_PATH = "/config/switches/reload";

/**
 * Body of `PATCH /config/switches/{id}` (spec §7 "body config"): the fields to change, `label` and
 * `purpose` (null or "" clears it); at least one. The name and device are the household file's.
 */
export const SwitchConfigBodySchema = v.object({
  config: v.pipe(
    v.strictObject({
      label: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200))),
      purpose: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(64)))),
    }),
    v.check((config) => config.label !== undefined || config.purpose !== undefined, "label or purpose is required"),
  ),
});
export type SwitchConfigBody = v.InferOutput<typeof SwitchConfigBodySchema>;

/** `{item: Switch}`: the answer of `GET`/`PATCH /config/switches/{id}`. */
export const SwitchAnswerSchema = itemOf(SwitchSchema);
export type SwitchAnswer = v.InferOutput<typeof SwitchAnswerSchema>;
