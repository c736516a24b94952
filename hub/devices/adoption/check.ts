import type { Adoption, DeviceUse } from "../../../contract/adoption";
import { ACCESS_READ, ACCESS_SET, type Capability, type Device } from "../../../contract/devices";
import { HubError } from "../../core/errors";
import { findCapability } from "../commands";

/** Every capability of `list`, composites' features included, each with the endpoint of its composite when it has none. */
function flatten(list: readonly Capability[], endpoint?: string): Capability[] {
  return list.flatMap((item) => {
    const own = item.endpoint ?? endpoint;
    const self = { ...item, ...(own !== undefined ? { endpoint: own } : {}) };
    return [self, ...flatten(item.features ?? [], own)];
  });
}

/**
 * The capability `property` (at `endpoint`) of `device` (commands.ts findCapability), its refusal
 * said as `use.<field>: …`: `use.<propertyField>` when the device has none, `use.endpoint` when the
 * endpoint is missing or wrong.
 */
function capabilityOf(
  device: Device,
  property: string,
  endpoint: string | undefined,
  propertyField: "property" | "as",
): Capability {
  try {
    return findCapability(device, { property, endpoint });
  } catch (error) {
    if (!(error instanceof HubError)) throw error;
    const message = error.message.startsWith("property:")
      ? error.message.replace(/^property:/, `${propertyField}:`)
      : error.message;
    throw new HubError("BAD_REQUEST", `use.${message}`);
  }
}

/** The one composite of `type` on `device` (at `endpoint` when given). @throws HubError BAD_REQUEST naming why not. */
function compositeOf(device: Device, type: "cover" | "climate", endpoint: string | undefined): Capability {
  const all = flatten(device.capabilities).filter((item) => item.type === type);
  const found = endpoint === undefined ? all : all.filter((item) => item.endpoint === endpoint);
  if (all.length === 0) throw new HubError("BAD_REQUEST", `use.as: ${device.id} has no ${type}`);
  const first = found[0];
  if (found.length !== 1 || first === undefined) {
    const endpoints = all.map((item) => item.endpoint ?? "(none)").join(", ");
    throw new HubError("BAD_REQUEST", `use.endpoint: the ${type} of ${device.id} is on ${endpoints}`);
  }
  return first;
}

/**
 * Checks that `use` is possible on `device`: `switch` needs a binary `state` that can be set (on
 * `endpoint` when given, which must be given when several endpoints have one); `sensor` a numeric or
 * binary capability `property` (and `endpoint`) that is published; `garage` / `gate` a cover,
 * `heater` a climate (one, or the one at `endpoint`).
 * @throws HubError BAD_REQUEST `use.<field>: <why>` (never quoting more than the device's id and names).
 */
export function checkUse(device: Device, use: DeviceUse): void {
  switch (use.as) {
    case "switch": {
      const state = capabilityOf(device, "state", use.endpoint, "as");
      if (state.type !== "binary" || ((state.access ?? 0) & ACCESS_SET) === 0)
        throw new HubError("BAD_REQUEST", `use.as: the state of ${device.id} is not a binary that can be set`);
      return;
    }
    case "sensor": {
      const value = capabilityOf(device, use.property, use.endpoint, "property");
      if (value.type !== "numeric" && value.type !== "binary")
        throw new HubError("BAD_REQUEST", `use.property: ${use.property} of ${device.id} is not numeric or binary`);
      if (((value.access ?? 0) & ACCESS_READ) === 0)
        throw new HubError("BAD_REQUEST", `use.property: ${use.property} of ${device.id} is not published`);
      return;
    }
    case "garage":
    case "gate":
      compositeOf(device, "cover", use.endpoint);
      return;
    case "heater":
      compositeOf(device, "climate", use.endpoint);
      return;
  }
}

/** What makes two uses the same place on the spec's screens: a switch's name, a sensor's kind and place, the garage, the gate, the heater. */
function slotOf(use: DeviceUse): string {
  switch (use.as) {
    case "switch":
      return `switch ${use.name}`;
    case "sensor":
      return `sensor ${use.kind}/${use.place}`;
    default:
      return use.as;
  }
}

/**
 * Checks that `adoption` of device `id` takes no place another device's adoption holds: a switch
 * name (also one of the household file's `switches`, `fileSwitches`), a sensor's kind and place,
 * the garage door, the gate, the heater.
 * @throws HubError BAD_REQUEST `use.<field>: … already …` naming the other device.
 */
export function checkUnique(
  id: string,
  adoption: Adoption,
  others: ReadonlyMap<string, Adoption>,
  fileSwitches: ReadonlySet<string> = new Set(),
): void {
  const use = adoption.use;
  if (use === undefined) return;
  if (use.as === "switch" && fileSwitches.has(use.name))
    throw new HubError("BAD_REQUEST", `use.name: ${use.name} is already a switch of the household file`);
  const slot = slotOf(use);
  for (const [other, theirs] of others) {
    if (other === id || theirs.use === undefined || slotOf(theirs.use) !== slot) continue;
    const field = use.as === "switch" ? "name" : use.as === "sensor" ? "place" : "as";
    throw new HubError("BAD_REQUEST", `use.${field}: ${other} is already the ${slot}`);
  }
}

/**
 * Checks a whole set of adoptions (a household import) with {@link checkUnique}.
 * @throws HubError BAD_REQUEST as checkUnique, prefixed `devices.`.
 */
export function checkAllUnique(adoptions: ReadonlyMap<string, Adoption>, fileSwitches?: ReadonlySet<string>): void {
  for (const [id, adoption] of adoptions)
    try {
      checkUnique(id, adoption, adoptions, fileSwitches);
    } catch (error) {
      if (error instanceof HubError) throw new HubError("BAD_REQUEST", `devices.${error.message}`);
      throw error;
    }
}
