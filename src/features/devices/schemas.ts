import * as v from "valibot";
import { AdoptionSchema, type ListedDevice } from "../../../contract/adoption";
import { DeviceSchema } from "../../../contract/devices";
import { itemOf, itemsOf } from "../../../contract/envelope";

/** `firstSeen` of a device whose hub does not say when it first saw it: the epoch (listed last). */
export const FIRST_SEEN_UNKNOWN = "1970-01-01T00:00:00.000Z";

/**
 * One item of `GET /devices` as the screen reads it (contract/adoption.ts ListedDevice): a registry
 * device with `firstSeen`, `seen` and `adoption`. A hub that answers plain registry devices
 * (contract/devices.ts Device) is read too: `firstSeen` defaults to {@link FIRST_SEEN_UNKNOWN},
 * `seen` to true (nothing is marked new that the hub did not call new), `adoption` to null.
 */
export const ListedDeviceReadSchema = v.object({
  ...DeviceSchema.entries,
  firstSeen: v.optional(v.pipe(v.string(), v.isoTimestamp()), FIRST_SEEN_UNKNOWN),
  seen: v.optional(v.boolean(), true),
  adoption: v.optional(v.nullable(AdoptionSchema), null),
}) satisfies v.GenericSchema<unknown, ListedDevice>;

/** `{items: ListedDevice[]}` read with {@link ListedDeviceReadSchema}. */
export const ListedDevicesReadSchema = itemsOf(ListedDeviceReadSchema);

/** `{item: ListedDevice}`: the answer of `PUT /devices/{id}/adoption`, read with {@link ListedDeviceReadSchema}. */
export const AdoptionAnswerReadSchema = itemOf(ListedDeviceReadSchema);

export type { Adoption, AdoptionInput, DeviceUse, ListedDevice } from "../../../contract/adoption";
export type { Availability, Capability } from "../../../contract/devices";
