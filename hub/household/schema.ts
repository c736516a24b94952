import * as v from "valibot";
import { HouseholdDevicesSchema } from "../../contract/adoption";
import { DeviceNameSchema, SensorSchema } from "../../contract/sensors";
import { LightConfigSchema } from "../../contract/lights";
import { GarageDoorSchema } from "../../contract/garage";
import { GpsConfigSchema } from "../gps/config";
import { HeaterModeSchema, HeaterTemperatureSchema } from "../../contract/climate";
import { RelaySchema, SwitchGroupSchema, SwitchSchema as SwitchEntrySchema } from "../../contract/switches";
import { DoorbellSchema, HouseholdCamerasSchema } from "../cameras/household";
import { FrigateConfigSchema } from "../cameras/frigate/config";

export type { Sensor, SensorKind } from "../../contract/sensors";
export type { SwitchGroup } from "../../contract/switches";

/**
 * A switch of the household file: the entry `GET /config/switches` answers (name, label, purpose;
 * contract/switches.ts) plus the Tasmota `device` it drives and optionally one `relay` of it.
 * A switch bound to one relay is named otherwise than its device: `power/<device>/…` carries every
 * relay of the device, `power/<name>/…` only that relay (hub/switches/relays.ts).
 */
export const SwitchSchema = v.pipe(
  v.object({
    ...SwitchEntrySchema.entries,
    device: DeviceNameSchema,
    /** The one relay of `device` this switch is (its state and its commands, hub/switches/relays.ts). */
    relay: v.optional(RelaySchema),
    /** How many relays the device has (POWER1..POWER<relays>); default 1. Bounds `POST /switch/{id}/set`'s relay. */
    relays: v.optional(RelaySchema),
  }),
  v.forward(
    v.check(
      (item) => item.relay === undefined || item.name !== item.device,
      "a switch bound to one relay needs a name other than its device",
    ),
    ["relay"],
  ),
);
export type Switch = v.InferOutput<typeof SwitchSchema>;

/**
 * A garage door or gate of the household file: which `door` of the garage base it is
 * (`garage` or `gate`), its label and room, and the Tasmota shutter driving it: `device` is the
 * Tasmota topic, `shutter` its shutter number (`ShutterOpen<n>`, `Shutter<n>` in RESULT; 1..4).
 */
export const GarageDeviceSchema = v.object({
  door: GarageDoorSchema,
  label: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  room: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  device: DeviceNameSchema,
  shutter: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(4)), 1),
});
export type GarageDevice = v.InferOutput<typeof GarageDeviceSchema>;

/**
 * An IR blaster of the household file (docs/contract.md "Infrared remotes"): a Tasmota device with an IR
 * transmitter and receiver (`device` = its topic: `cmnd/<t>/IRSend`, `IrReceived` on `tele/<t>/RESULT`),
 * its label and room.
 */
export const IrBlasterSchema = v.object({
  device: DeviceNameSchema,
  label: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  room: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(200))),
});
export type IrBlaster = v.InferOutput<typeof IrBlasterSchema>;

/**
 * The household's heater: its label and room, the household `switch` (by name) whose
 * Tasmota relay drives it, and the defaults of its config until one is stored (PATCH heater/config):
 * the controlling `sensor` (a temperature sensor's id), target `temperature` °C and `mode`.
 */
export const HeaterDeviceSchema = v.object({
  label: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  room: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  switch: DeviceNameSchema,
  sensor: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  temperature: v.optional(HeaterTemperatureSchema, 21),
  mode: v.optional(HeaterModeSchema, "off"),
});
export type HeaterDevice = v.InferOutput<typeof HeaterDeviceSchema>;

/**
 * An air conditioning unit of the household file: its `id` (`POST /ac/{id}`, `ac/<id>`),
 * label and room, the Tasmota IR blaster's topic `device` sending IRHVAC, and the IRHVAC `vendor`
 * (`COOLIX`, `MITSUBISHI_HEAVY_152` ...).
 */
export const AcUnitSchema = v.object({
  id: DeviceNameSchema,
  label: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  room: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  device: DeviceNameSchema,
  vendor: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_]{1,64}$/)),
});
export type AcUnit = v.InferOutput<typeof AcUnitSchema>;

/** The devices domain's sections: `devices`, the household's adoptions by device id (contract/adoption.ts). */
export const DEVICES_SECTIONS = {
  devices: v.optional(HouseholdDevicesSchema),
};

/** The bridge domain's sections: the sensors, in the contract's Sensor shape (answered unchanged by GET /config/sensors). */
export const SENSORS_SECTIONS = {
  sensors: v.optional(v.array(SensorSchema), []),
};

/** The switches domain's sections: the switches and the switch groups. */
export const SWITCHES_SECTIONS = {
  switches: v.optional(v.array(SwitchSchema), []),
  switchesList: v.optional(v.array(SwitchGroupSchema), []),
};

/** The lights domain's section: the lights; absent = none. */
export const LIGHTS_SECTIONS = {
  lights: v.optional(v.array(LightConfigSchema)),
};

/** The garage domain's section: the garage door and the gate, each at most once. */
export const GARAGE_SECTIONS = {
  garage: v.optional(
    v.pipe(
      v.array(GarageDeviceSchema),
      v.check(
        (doors) => new Set(doors.map((d) => d.door)).size === doors.length,
        "each door (garage, gate) at most once",
      ),
    ),
    [],
  ),
};

/** The IR domain's section: the IR blasters; absent = none. */
export const IR_SECTIONS = {
  ir: v.optional(v.array(IrBlasterSchema)),
};

/** The cameras domain's sections. */
export const CAMERAS_SECTIONS = {
  /** Cameras (hub/cameras/household.ts: sources demo, go2rtc, mjpeg, hls, rtsp); absent = none. */
  cameras: v.optional(HouseholdCamerasSchema),
  /** The doorbell at the gate: its button becomes `doorbell/ring`; absent = none. */
  doorbell: v.optional(DoorbellSchema),
  /** The household's Frigate NVR (hub/cameras/frigate/config.ts): recordings, motion and availability of the cameras naming it; absent = none. */
  frigate: v.optional(FrigateConfigSchema),
};

/** The GPS domain's section: the cat tracker's home, radius, OwnTracks trackers (hub/gps/config.ts). */
export const GPS_SECTIONS = {
  gps: v.optional(GpsConfigSchema),
};

/** The climate domain's sections: the heater and the AC units (each id at most once). */
export const CLIMATE_SECTIONS = {
  heater: v.optional(HeaterDeviceSchema),
  ac: v.optional(
    v.pipe(
      v.array(AcUnitSchema),
      v.check((units) => new Set(units.map((u) => u.id)).size === units.length, "each AC id at most once"),
    ),
  ),
};

/**
 * The household config file (HUB_CONFIG or `<dataDir>/household.json`) with every domain's
 * sections (each domain declares its own: hub/<domain>/domain.ts `household`); a hub running fewer
 * domains reads only theirs (core/domain.ts householdSchemaOf, household/load.ts).
 */
export const HouseholdSchema = v.object({
  ...DEVICES_SECTIONS,
  ...SENSORS_SECTIONS,
  ...SWITCHES_SECTIONS,
  ...LIGHTS_SECTIONS,
  ...GARAGE_SECTIONS,
  ...IR_SECTIONS,
  ...CAMERAS_SECTIONS,
  ...GPS_SECTIONS,
  ...CLIMATE_SECTIONS,
});
export type Household = v.InferOutput<typeof HouseholdSchema>;
