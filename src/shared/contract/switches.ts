import * as v from "valibot";
import { itemsOf } from "./envelope";
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
