import * as v from "valibot";

/** A switch definition (spec §3): device name, label shown to people, purpose (null = none set). */
export const SwitchSchema = v.object({
  name: v.string(),
  label: v.string(),
  purpose: v.nullable(v.string()),
});

/** `{items: Switch[]}` answer of GET /config/switches (docs/contract.md). */
export const SwitchesResponseSchema = v.object({ items: v.array(SwitchSchema) });

/** A group of switches in config's switchesList; items are "name" or "name/relayNumber" (spec §3). */
export const SwitchGroupSchema = v.object({ name: v.string(), items: v.array(v.string()) });

/** The `item` of GET /config (spec §7): the live channel's broker URL and the switch groups. */
export const ConfigSchema = v.object({
  mqttConnectionString: v.pipe(v.string(), v.minLength(1)),
  switchesList: v.array(SwitchGroupSchema),
});
export const ConfigResponseSchema = v.object({ item: ConfigSchema });

/** ON/OFF payload of `power/<device>/POWER<n>` (DESIGN.md §3). */
export const PowerPayloadSchema = v.object({ state: v.picklist(["ON", "OFF"]) });

export type Switch = v.InferOutput<typeof SwitchSchema>;
export type SwitchGroup = v.InferOutput<typeof SwitchGroupSchema>;
export type Config = v.InferOutput<typeof ConfigSchema>;
