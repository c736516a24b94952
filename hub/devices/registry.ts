import type { Availability, Capability, Device, DeviceSourceName } from "../../contract/devices";
import { deviceId } from "../../contract/devices";
import type { HubLogger } from "../broker/link";

/**
 * How many devices of one source the registry holds at most (later ones are reported, not added; a
 * Zigbee2MQTT `bridge/devices` list longer than this is refused whole). The budget is 500 devices.
 */
export const MAX_DEVICES_PER_SOURCE = 1024;

/** How many refusal reasons {@link DeviceRegistry.reports} keeps (the newest). */
const MAX_REPORTS = 50;

/**
 * A change of the registry: a device added, updated (a new object) or removed; or renamed (its
 * source renamed it: `device` is the device under its new id and name, `from` its old id).
 */
export type DeviceChange =
  { kind: "added" | "updated" | "removed"; device: Device } | { kind: "renamed"; device: Device; from: string };

/** What describers may change of a device they know: everything but its id, source and name. */
export type DevicePatch = Partial<Pick<Device, "model" | "vendor" | "description" | "availability" | "lastSeen">> & {
  capabilities?: Capability[];
};

/**
 * The hub's device registry (docs/contract.md "Devices"): each device by id `<source>:<name>`, with
 * its model, vendor, availability, last seen time and capabilities in the exposes vocabulary. Fed
 * by the source describers (devices/zigbee2mqtt.ts, devices/tasmota.ts); read by `GET /devices`
 * and the command path (devices/commands.ts). Devices are immutable values: each update stores a
 * new object and tells the listeners. At most {@link MAX_DEVICES_PER_SOURCE} devices per source;
 * input the describers refuse is counted in `stats.refused` and its reason kept in {@link reports}
 * (the newest 50) and logged.
 */
export class DeviceRegistry {
  private readonly devices = new Map<string, Device>();
  private readonly listeners = new Set<(change: DeviceChange) => void>();
  private readonly reasons: string[] = [];
  /** Input refused by a describer (hostile or malformed), and devices left out over the cap. */
  readonly stats = { refused: 0, overCap: 0 };

  constructor(private readonly log?: HubLogger) {}

  /** The device `id`, or undefined. */
  get(id: string): Device | undefined {
    return this.devices.get(id);
  }

  /** The device `name` of `source`, or undefined. */
  find(source: DeviceSourceName, name: string): Device | undefined {
    return this.devices.get(deviceId(source, name));
  }

  /** Every device, sorted by id. */
  list(): Device[] {
    return [...this.devices.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /** The devices of `source`. */
  ofSource(source: DeviceSourceName): Device[] {
    return [...this.devices.values()].filter((device) => device.source === source);
  }

  /**
   * Adds device `name` of `source` (availability `unknown`, never seen, no capabilities, model
   * and vendor null, then `patch`), or answers the one there. Undefined when the source already
   * has {@link MAX_DEVICES_PER_SOURCE} devices (counted in `stats.overCap`, reported).
   */
  add(source: DeviceSourceName, name: string, patch: DevicePatch = {}): Device | undefined {
    const id = deviceId(source, name);
    const existing = this.devices.get(id);
    if (existing) return existing;
    if (this.ofSource(source).length >= MAX_DEVICES_PER_SOURCE) {
      this.stats.overCap += 1;
      this.report(`${source} device ${JSON.stringify(name.slice(0, 64))} left out: ${MAX_DEVICES_PER_SOURCE} devices`);
      return undefined;
    }
    const device: Device = {
      id,
      source,
      name,
      model: null,
      vendor: null,
      availability: "unknown",
      lastSeen: null,
      capabilities: [],
      ...patch,
    };
    this.devices.set(id, device);
    this.emit({ kind: "added", device });
    return device;
  }

  /** Applies `patch` to device `id`; answers the new device (the same object when nothing changed), undefined when absent. */
  update(id: string, patch: DevicePatch): Device | undefined {
    const current = this.devices.get(id);
    if (!current) return undefined;
    const next: Device = { ...current, ...patch };
    if (sameDevice(current, next)) return current;
    this.devices.set(id, next);
    this.emit({ kind: "updated", device: next });
    return next;
  }

  /** Sets the availability of device `id` (when it is in the registry). */
  setAvailability(id: string, availability: Availability): void {
    this.update(id, { availability });
  }

  /** Removes device `id`; true when it was there. */
  remove(id: string): boolean {
    const device = this.devices.get(id);
    if (!device) return false;
    this.devices.delete(id);
    this.emit({ kind: "removed", device });
    return true;
  }

  /**
   * Renames device `fromId` to `toName` of the same source (its source renamed it: Zigbee2MQTT's
   * `bridge/response/device/rename`): the device keeps everything but its id and name, and the
   * listeners get `{kind: "renamed", device, from: fromId}`. Undefined (nothing changes) when
   * `fromId` is absent or `toName` is already taken.
   */
  rename(fromId: string, toName: string): Device | undefined {
    const current = this.devices.get(fromId);
    if (!current) return undefined;
    const id = deviceId(current.source, toName);
    if (id === fromId || this.devices.has(id)) return undefined;
    const device: Device = { ...current, id, name: toName };
    this.devices.delete(fromId);
    this.devices.set(id, device);
    this.emit({ kind: "renamed", device, from: fromId });
    return device;
  }

  /** Calls `listener` with every later change; answers a function that stops it. */
  onChange(listener: (change: DeviceChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Records input a describer refused: counted, its reason kept (at most 200 characters) and logged. */
  report(reason: string): void {
    this.stats.refused += 1;
    const short = reason.slice(0, 200);
    this.reasons.push(short);
    if (this.reasons.length > MAX_REPORTS) this.reasons.shift();
    this.log?.warn({ reason: short }, "device registry refused input");
  }

  /** The newest refusal reasons, oldest first. */
  reports(): readonly string[] {
    return [...this.reasons];
  }

  private emit(change: DeviceChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        this.log?.error({ err: error, device: change.device.id }, "a device registry listener failed");
      }
    }
  }
}

function sameDevice(a: Device, b: Device): boolean {
  return (
    a.model === b.model &&
    a.vendor === b.vendor &&
    a.description === b.description &&
    a.availability === b.availability &&
    a.lastSeen === b.lastSeen &&
    (a.capabilities === b.capabilities || JSON.stringify(a.capabilities) === JSON.stringify(b.capabilities))
  );
}
