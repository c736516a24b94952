import * as v from "valibot";
import { DeviceNameSchema, SensorSchema } from "../../src/shared/contract/sensors";
import { RelaySchema, SwitchGroupSchema, SwitchSchema as SwitchEntrySchema } from "../../src/shared/contract/switches";

export type { Sensor, SensorKind } from "../../src/shared/contract/sensors";
export type { SwitchGroup } from "../../src/shared/contract/switches";

/**
 * A switch of the household file: the entry `GET /config/switches` answers (name, label, purpose;
 * src/shared/contract/switches.ts) plus the Tasmota `device` it drives and optionally one `relay` of it.
 */
export const SwitchSchema = v.object({
  ...SwitchEntrySchema.entries,
  device: DeviceNameSchema,
  relay: v.optional(RelaySchema),
  /** How many relays the device has (POWER1..POWER<relays>); default 1. Bounds `POST /switch/{id}/set`'s relay. */
  relays: v.optional(RelaySchema),
});
export type Switch = v.InferOutput<typeof SwitchSchema>;

/**
 * The household config file (HUB_CONFIG or `<dataDir>/household.json`): sensors in the contract's
 * Sensor shape (answered unchanged by GET /config/sensors), switches, and the switch groups.
 */
export const HouseholdSchema = v.object({
  sensors: v.optional(v.array(SensorSchema), []),
  switches: v.optional(v.array(SwitchSchema), []),
  switchesList: v.optional(v.array(SwitchGroupSchema), []),
});
export type Household = v.InferOutput<typeof HouseholdSchema>;
