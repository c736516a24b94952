import * as v from "valibot";
import { itemOf } from "./envelope";
import { SwitchGroupSchema } from "./switches";

/** Path of the configuration on the general base (spec §7). */
export const CONFIG_PATH = "/config";

/** The `item` of `GET /config` (spec §7): the live channel's broker URL and the switch groups. */
export const ConfigSchema = v.object({
  mqttConnectionString: v.pipe(v.string(), v.minLength(1)),
  switchesList: v.array(SwitchGroupSchema),
});
export type Config = v.InferOutput<typeof ConfigSchema>;

/** `{item: Config}`: the answer of `GET /config`. */
export const ConfigAnswerSchema = itemOf(ConfigSchema);
export type ConfigAnswer = v.InferOutput<typeof ConfigAnswerSchema>;
