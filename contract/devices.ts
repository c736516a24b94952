import * as v from "valibot";
import { itemsOf } from "./envelope";
import { deviceFamilyTopic } from "./topics";

/**
 * The device model (docs/contract.md "Devices"): every device the hub reads, whatever its source,
 * described in Zigbee2MQTT's exposes vocabulary (https://www.zigbee2mqtt.io/guide/usage/exposes.html),
 * field names unchanged, so a Zigbee2MQTT `bridge/devices` definition maps 1:1 and a Tasmota device
 * is described in the same terms (relays, lights, shutters, sensor fields).
 */

/** Path of the device list on the general base: `GET /devices` answers `{items: Device[]}`. */
export const DEVICES_PATH = "/devices";

/** Where a device is read from. */
export const DEVICE_SOURCES = ["zigbee2mqtt", "tasmota"] as const;
/** One device source. */
export type DeviceSourceName = (typeof DEVICE_SOURCES)[number];

/** Leaf types (one value each) and composite types (a group of features) of the exposes vocabulary. */
export const LEAF_TYPES = ["binary", "numeric", "enum", "text"] as const;
export const COMPOSITE_TYPES = ["composite", "light", "switch", "cover", "climate", "lock", "fan"] as const;
/**
 * The `list` type: one value that is an array of items each described by `item_type` (a capability
 * without property), `length_min`..`length_max` long (a Hue gradient: a list of `text` hex colours).
 */
export const LIST_TYPE = "list";
/** A capability's `type`. */
export type CapabilityType = (typeof LEAF_TYPES)[number] | (typeof COMPOSITE_TYPES)[number] | typeof LIST_TYPE;

/** Bits of `access` (Zigbee2MQTT's mask): 1 the value is published (read), 2 it can be set, 4 it can be asked for (get). */
export const ACCESS_READ = 1;
export const ACCESS_SET = 2;
export const ACCESS_GET = 4;

/** Bounds of one capability (a Zigbee2MQTT definition beyond them is not the device model's). */
export const CAPABILITY_LIMITS = {
  /** Characters of a name, property, endpoint, unit, label, enum value. */
  name: 128,
  /** Characters of a description. */
  description: 512,
  /** Values of an enum, presets of a numeric. */
  values: 256,
  /** Features of one composite. */
  features: 64,
  /** Capabilities of one device, nested ones counted. */
  perDevice: 512,
} as const;

/** A value a binary capability takes: Zigbee2MQTT uses strings (`"ON"`), booleans (`contact: false`) and numbers. */
export type BinaryValue = string | number | boolean;

/**
 * One capability, as one Zigbee2MQTT expose: `type`; `name` (the feature: `state`, `brightness`,
 * `temperature`); `property` (the payload key it is read from and set by: `state_l2`,
 * `BME280.Temperature` for Tasmota); `access` ({@link ACCESS_READ} | {@link ACCESS_SET} | {@link ACCESS_GET});
 * `endpoint` (`l1`, `l2` for relays and endpoint lights, `s1` for Tasmota shutters, the sensor's name
 * for Tasmota sensor fields); numeric: `unit`, `value_min`, `value_max`, `value_step`, `presets`;
 * enum: `values`; binary: `value_on`, `value_off`, `value_toggle`; composites: `features`; list:
 * `item_type`, `length_min`, `length_max`.
 */
export interface Capability {
  type: CapabilityType;
  name?: string | undefined;
  label?: string | undefined;
  description?: string | undefined;
  category?: "config" | "diagnostic" | undefined;
  property?: string | undefined;
  access?: number | undefined;
  endpoint?: string | undefined;
  unit?: string | undefined;
  value_min?: number | undefined;
  value_max?: number | undefined;
  value_step?: number | undefined;
  presets?: { name: string; value: number | string; description?: string | undefined }[] | undefined;
  values?: (string | number)[] | undefined;
  value_on?: BinaryValue | undefined;
  value_off?: BinaryValue | undefined;
  value_toggle?: BinaryValue | undefined;
  features?: Capability[] | undefined;
  item_type?: Capability | undefined;
  length_min?: number | undefined;
  length_max?: number | undefined;
}

const Name = v.pipe(v.string(), v.minLength(1), v.maxLength(CAPABILITY_LIMITS.name));
const Text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const Finite = v.pipe(v.number(), v.finite());
const Binary = v.union([Text(CAPABILITY_LIMITS.name), Finite, v.boolean()]);

/** True for the leaf types, which name a value: they carry `name`, `property` and `access`. */
export const isLeafType = (type: CapabilityType): boolean => (LEAF_TYPES as readonly string[]).includes(type);

const Length = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(CAPABILITY_LIMITS.values));

/** The item of a list: a leaf or composite without its own property (`{type: "text", name: "hex", access: 7}`). */
const hasItemShape = (item: Capability): boolean =>
  item.type !== LIST_TYPE && (isLeafType(item.type) ? item.name !== undefined : item.features !== undefined);

/**
 * One capability ({@link Capability}); unknown fields are left out. A leaf (binary, numeric, enum,
 * text) must have `name`, `property` and `access` 0..7; a composite must have `features`; a list
 * `name`, `property`, `access` and an `item_type` (itself no list), `length_*` 0..256.
 */
export const CapabilitySchema: v.GenericSchema<Capability> = v.pipe(
  v.lazy(() => CapabilityFields),
  v.check(
    (item) =>
      item.type === LIST_TYPE
        ? item.name !== undefined && item.property !== undefined && item.access !== undefined && !!item.item_type
        : isLeafType(item.type)
          ? item.name !== undefined && item.property !== undefined && item.access !== undefined
          : item.features !== undefined,
    "a leaf or list needs name, property and access (a list its item_type); a composite needs features",
  ),
);

/** A list's item: the capability shape with no property of its own required, and no nested list. */
const ListItemSchema: v.GenericSchema<Capability> = v.pipe(
  v.lazy(() => CapabilityFields),
  v.check(hasItemShape, "a list item is a leaf with a name or a composite with features"),
);

/** The fields of a capability (what both {@link CapabilitySchema} and a list's item read). */
const CapabilityFields: v.GenericSchema<Capability> = v.object({
  type: v.picklist([...LEAF_TYPES, ...COMPOSITE_TYPES, LIST_TYPE]),
  name: v.optional(Name),
  label: v.optional(Text(CAPABILITY_LIMITS.name)),
  description: v.optional(Text(CAPABILITY_LIMITS.description)),
  category: v.optional(v.picklist(["config", "diagnostic"])),
  property: v.optional(Name),
  access: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(7))),
  endpoint: v.optional(Name),
  unit: v.optional(Text(CAPABILITY_LIMITS.name)),
  value_min: v.optional(Finite),
  value_max: v.optional(Finite),
  value_step: v.optional(v.pipe(Finite, v.gtValue(0))),
  presets: v.optional(
    v.pipe(
      v.array(
        v.object({
          name: Name,
          value: v.union([Finite, Text(CAPABILITY_LIMITS.name)]),
          description: v.optional(Text(CAPABILITY_LIMITS.description)),
        }),
      ),
      v.maxLength(CAPABILITY_LIMITS.values),
    ),
  ),
  values: v.optional(
    v.pipe(v.array(v.union([Text(CAPABILITY_LIMITS.name), Finite])), v.maxLength(CAPABILITY_LIMITS.values)),
  ),
  value_on: v.optional(Binary),
  value_off: v.optional(Binary),
  value_toggle: v.optional(Binary),
  features: v.optional(v.pipe(v.array(v.lazy(() => CapabilitySchema)), v.maxLength(CAPABILITY_LIMITS.features))),
  item_type: v.optional(v.lazy(() => ListItemSchema)),
  length_min: v.optional(Length),
  length_max: v.optional(Length),
});

/** A device's reachability: its last LWT / availability message, `unknown` before any. */
export const AvailabilitySchema = v.picklist(["online", "offline", "unknown"]);

/**
 * One device of the registry: `id` `<source>:<name>`; `name` its topic name (Tasmota topic,
 * Zigbee2MQTT friendly name); `model` and `vendor` as the device or its definition says (null
 * while unknown); `availability`; `lastSeen` the last message from it (ISO-8601) or null;
 * `capabilities` in the exposes vocabulary (empty for an unsupported Zigbee2MQTT device, or one
 * whose definition is missing or malformed).
 */
export const DeviceSchema = v.object({
  id: Text(300),
  source: v.picklist(DEVICE_SOURCES),
  name: Name,
  model: v.nullable(Text(CAPABILITY_LIMITS.name)),
  vendor: v.nullable(Text(CAPABILITY_LIMITS.name)),
  description: v.optional(Text(CAPABILITY_LIMITS.description)),
  availability: AvailabilitySchema,
  lastSeen: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
  capabilities: v.array(CapabilitySchema),
});
/** One device of the registry. */
export type Device = v.InferOutput<typeof DeviceSchema>;
/** A device's availability. */
export type Availability = v.InferOutput<typeof AvailabilitySchema>;

/** `{items: Device[]}`: the answer of `GET /devices`, sorted by id. */
export const DevicesAnswerSchema = itemsOf(DeviceSchema);
export type DevicesAnswer = v.InferOutput<typeof DevicesAnswerSchema>;

/** The id of device `name` of `source`. */
export const deviceId = (source: DeviceSourceName, name: string): string => `${source}:${name}`;

/** The family level of a device's state under `device/<id>/` (contract/topics.ts deviceFamilyTopic). */
export const DEVICE_STATE_FAMILY = "state";

/**
 * `device/<id>/state` (retained): the last known values of a registry device, keyed by capability
 * `property` (`state`, `state_l2`, `position`, `occupied_heating_setpoint`, `BME280.Temperature`,
 * `POWER2`), plus `battery` and `linkquality` when it reports them; `at` when the hub last received
 * a message from it (ISO-8601). `<id>` is the registry id `<source>:<name>`. Published by the
 * devices domain (hub/devices/state.ts), below LIVE_PAYLOAD_MAX_BYTES; emptied (zero-byte retained)
 * when the device leaves.
 */
export const deviceStateTopic = (id: string): string => deviceFamilyTopic(id, DEVICE_STATE_FAMILY);
export const DeviceStatePayloadSchema = v.object({
  values: v.record(v.string(), v.unknown()),
  at: v.pipe(v.string(), v.isoTimestamp()),
});
export type DeviceStatePayload = v.InferOutput<typeof DeviceStatePayloadSchema>;

/**
 * `devices/revision` (retained): `{revision, at}`, bumped whenever a device joins, leaves, is renamed,
 * changes its capabilities or availability, or its adoption changes: a dashboard refetches `GET /devices`.
 */
export const DEVICES_REVISION_TOPIC = "devices/revision";
export const DevicesRevisionSchema = v.object({
  revision: v.pipe(v.number(), v.integer(), v.minValue(0)),
  at: v.pipe(v.string(), v.isoTimestamp()),
});
export type DevicesRevision = v.InferOutput<typeof DevicesRevisionSchema>;

/** Alarms a device raises on every dashboard (a water leak, smoke). */
export const DEVICE_ALARMS = ["leak", "smoke"] as const;
export type DeviceAlarm = (typeof DEVICE_ALARMS)[number];

/**
 * `alert/<alarm>/<id>` (retained): a device's alarm (`leak` from Zigbee2MQTT's `water_leak`, `smoke`),
 * `{active, device, label, room?, since}`: `active` while the device reports it, `label` the adoption's
 * label or the device's name, `since` when it became active (ISO-8601). Every dashboard shows the
 * active ones on home.
 */
export const deviceAlertTopic = (alarm: DeviceAlarm, id: string): string => `alert/${alarm}/${id}`;
export const DeviceAlertSchema = v.object({
  active: v.boolean(),
  device: Text(300),
  label: Text(200),
  room: v.optional(Text(200)),
  since: v.pipe(v.string(), v.isoTimestamp()),
});
export type DeviceAlert = v.InferOutput<typeof DeviceAlertSchema>;
