import * as v from "valibot";
import { CapabilitySchema, DeviceSchema } from "./devices";
import { itemOf, itemsOf } from "./envelope";
import { PlaceSchema, RoomNameSchema, SensorKindSchema } from "./sensors";

/**
 * Adoption (docs/contract.md "Devices"): what a household says about a discovered device: its label,
 * room, purpose, where it shows, whether it is hidden, and what it stands for on the spec's screens
 * (`use`). Stored in the hub's database; the household file's `devices` section is an import and
 * export of the same records.
 */

/** Where a device's tile shows: on home, on the car dashboard, or nowhere (only on /devices). */
export const DEVICE_SHOW = ["home", "car", "none"] as const;
export const DeviceShowSchema = v.picklist(DEVICE_SHOW);
export type DeviceShow = v.InferOutput<typeof DeviceShowSchema>;

/** Which capability (by `property`, and `endpoint` when several have it) a use reads or drives. */
const CapabilityPick = {
  property: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  endpoint: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(128))),
};

/**
 * What an adopted device stands for on the spec's screens:
 * - `switch`: a relay or plug in `/switches` and `switchesList` (its `state` capability, `endpoint`
 *   for one relay of several), named `name` there (topic-safe, unique among switches);
 * - `sensor`: one numeric or binary capability feeding `sensor/<kind>/<place>` (history and home as
 *   any sensor);
 * - `garage` / `gate`: a cover driving the garage screen (open, close, stop, position);
 * - `heater`: a climate (thermostatic valve) as the heater;
 * - `solar`: an inverter (or a meter on its output) as the household's PV: its `power` capability
 *   (W; Tasmota `ENERGY.Power` or an SML meter's `SML.Power_curr`, Zigbee2MQTT `power`) and its
 *   energy counter `energy` (kWh; default: Tasmota `ENERGY.Total`, Zigbee2MQTT `energy`), live on
 *   `device/<name>/solar` (contract/pv.ts SolarReading) and home's solar tile.
 */
export const DeviceUseSchema = v.variant("as", [
  v.object({
    as: v.literal("switch"),
    name: PlaceSchema,
    endpoint: CapabilityPick.endpoint,
  }),
  v.object({ as: v.literal("sensor"), kind: SensorKindSchema, place: PlaceSchema, ...CapabilityPick }),
  v.object({ as: v.literal("garage"), endpoint: CapabilityPick.endpoint }),
  v.object({ as: v.literal("gate"), endpoint: CapabilityPick.endpoint }),
  v.object({ as: v.literal("heater"), endpoint: CapabilityPick.endpoint }),
  v.object({
    as: v.literal("solar"),
    name: PlaceSchema,
    power: CapabilityPick.property,
    energy: v.optional(CapabilityPick.property),
    endpoint: CapabilityPick.endpoint,
  }),
]);
export type DeviceUse = v.InferOutput<typeof DeviceUseSchema>;

/**
 * One device's adoption: `label` (shown instead of its name), `room` (home's heading), `purpose`
 * (the spec's switch purposes: free text, 1..64), `show` (default `home`), `hidden` (left off every
 * screen but /devices, default false), `use` (see {@link DeviceUseSchema}; none: a capability tile only).
 */
export const AdoptionSchema = v.object({
  label: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200))),
  room: v.optional(RoomNameSchema),
  purpose: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64))),
  show: v.optional(DeviceShowSchema, "home"),
  hidden: v.optional(v.boolean(), false),
  use: v.optional(DeviceUseSchema),
});
export type Adoption = v.InferOutput<typeof AdoptionSchema>;
export type AdoptionInput = v.InferInput<typeof AdoptionSchema>;

/**
 * A device as the household's list shows it (`GET /devices` items): the registry's device, when the
 * hub first saw it (`firstSeen`, ISO-8601, kept in the database across restarts), whether a household
 * member has looked at it since (`seen`: false marks it new), and its adoption (null: not adopted).
 */
export const ListedDeviceSchema = v.object({
  ...DeviceSchema.entries,
  firstSeen: v.pipe(v.string(), v.isoTimestamp()),
  seen: v.boolean(),
  adoption: v.nullable(AdoptionSchema),
});
export type ListedDevice = v.InferOutput<typeof ListedDeviceSchema>;

/** `{items: ListedDevice[]}`: the answer of `GET /devices`. */
export const ListedDevicesAnswerSchema = itemsOf(ListedDeviceSchema);
export type ListedDevicesAnswer = v.InferOutput<typeof ListedDevicesAnswerSchema>;

/** `PUT /devices/{id}/adoption`: body an {@link AdoptionSchema}; answer `{item: ListedDevice}`. */
export const adoptionPath = (id: string): string => `/devices/${encodeURIComponent(id)}/adoption`;
export const AdoptionAnswerSchema = itemOf(ListedDeviceSchema);

/** `POST /devices/{id}/seen`: marks the device looked at (no body; 204). */
export const seenPath = (id: string): string => `/devices/${encodeURIComponent(id)}/seen`;

/**
 * `POST /devices/{id}/set`: body `{property, endpoint?, value}` sets one capability through the
 * device command path (hub/devices/commands.ts); answer 202 `{item: {topic, payload}}` the command
 * sent. Errors: NOT_FOUND, BAD_REQUEST (no such capability, a value outside it), NOT_SUPPORTED
 * (read-only), DEVICE_UNREACHABLE (offline; nothing sent), AUTH_SESSION_LOCKED.
 */
export const capabilitySetPath = (id: string): string => `/devices/${encodeURIComponent(id)}/set`;
export const CapabilitySetBodySchema = v.object({ ...CapabilityPick, value: v.unknown() });
export type CapabilitySetBody = v.InferOutput<typeof CapabilitySetBodySchema>;

/** The household file's `devices` section: adoptions by device id (`<source>:<name>`). */
export const HouseholdDevicesSchema = v.pipe(
  v.record(v.pipe(v.string(), v.minLength(3), v.maxLength(300)), AdoptionSchema),
  v.check((record) => Object.keys(record).length <= 2048, "at most 2048 devices"),
);

/** Re-exported for tiles: a capability as drawn (contract/devices.ts). */
export { CapabilitySchema };
