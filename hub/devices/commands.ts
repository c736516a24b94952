import { ACCESS_SET, type Capability, type Device } from "../../contract/devices";
import { parseTasmotaConsoleLine } from "../../contract/tasmota-console";
import { sendDeviceCommands, type DeviceCommand } from "../broker/commands";
import type { BrokerLink } from "../broker/link";
import { HubError } from "../core/errors";
import { checkValue } from "./check-value";
import { encodeCommands, type EncodableStep, type SourceCommand } from "./encode";
import type { DeviceRegistry } from "./registry";

/** Which capability of a device a command sets: its `name` (or `property`), and its endpoint when several have that name. */
export interface CapabilityRef {
  property: string;
  endpoint?: string | undefined;
}

/** One value of {@link DeviceCommands.setMany}: the capability `ref` names, set to `value`. */
export interface CapabilitySet extends CapabilityRef {
  value: unknown;
}

/** One step of {@link DeviceCommands.setMany}: a capability's value, or a source's own command (encode.ts SourceCommand). */
export type DeviceStep = CapabilitySet | SourceCommand;

/** Every capability of `list` that names a value (has a property), with the endpoint of its composite when it has none. */
function settable(list: readonly Capability[], endpoint?: string): Capability[] {
  return list.flatMap((item) => {
    const own = item.endpoint ?? endpoint;
    const self = item.property !== undefined ? [{ ...item, ...(own !== undefined ? { endpoint: own } : {}) }] : [];
    return [...self, ...(item.type === "composite" ? [] : settable(item.features ?? [], own))];
  });
}

/**
 * The capability `ref` names on `device`: its `name` or `property` equals `ref.property`, and its
 * endpoint `ref.endpoint` (optional when only one endpoint has it). Several capabilities whose
 * `property` is `ref.property` on one endpoint set the same field: the first is answered.
 * @throws HubError BAD_REQUEST naming `property` (none has it) or `endpoint` (several have it, or not that one).
 */
export function findCapability(device: Device, ref: CapabilityRef): Capability {
  const named = settable(device.capabilities).filter(
    (item) => item.name === ref.property || item.property === ref.property,
  );
  if (named.length === 0)
    throw new HubError("BAD_REQUEST", `property: ${device.id} has no ${ref.property.slice(0, 64)}`);
  const found = ref.endpoint === undefined ? named : named.filter((item) => item.endpoint === ref.endpoint);
  // One field described twice (Zigbee2MQTT's color_xy and color_hs both set `color`): named by that field, it is one.
  const first = found[0];
  const sameField = found.every((item) => item.property === ref.property && item.endpoint === first?.endpoint);
  const matching = first !== undefined && sameField ? [first] : found;
  const endpoints = named.map((item) => item.endpoint ?? "(none)").join(", ");
  if (matching.length !== 1 || matching[0] === undefined)
    throw new HubError("BAD_REQUEST", `endpoint: ${ref.property.slice(0, 64)} of ${device.id} is on ${endpoints}`);
  return matching[0];
}

/**
 * Device commands through the capability (docs/contract.md "Devices"): `set(id, {property,
 * endpoint}, value)` finds the capability on the registry's device, checks that it can be set
 * (`access` has {@link ACCESS_SET}) and the value ({@link checkValue}), turns it into its source's
 * command (encode.ts: Tasmota `cmnd/<t>/POWER2 ON`, Zigbee2MQTT `zigbee2mqtt/<name>/set
 * {"state_l2":"ON"}`) and sends it at once through `link` (the hub's availability-guarded link:
 * broker/availability.ts), QoS 1, never retained, never queued. `setMany` sends several values (and a
 * source's own commands: encode.ts SourceCommand, the Tasmota shutter's toggle and lock, a Tasmota
 * light's `Power`, Tasmota-IR's `IRSend` and `IRHVAC`, a console command) as one command through the
 * same checks; `exchange` does the same for a command whose answer the caller waits for, one per
 * device at a time. A registry device marked offline refuses here, before the link is asked.
 */
export class DeviceCommands {
  /** Devices with an {@link exchange} still waiting for its answer. */
  private readonly busy = new Set<string>();

  constructor(
    private readonly registry: DeviceRegistry,
    private readonly link: BrokerLink,
  ) {}

  /**
   * Sets `ref` of device `id` to `value`; resolves with the command sent.
   * @throws HubError NOT_FOUND (no such device), BAD_REQUEST (no such capability, ambiguous
   *   endpoint, a value outside the capability), NOT_SUPPORTED (read-only capability),
   *   DEVICE_UNREACHABLE (the device is offline, or the broker cannot take it now; nothing is sent).
   */
  async set(id: string, ref: CapabilityRef, value: unknown): Promise<DeviceCommand> {
    const [command] = await this.setMany(id, [{ ...ref, value }]);
    if (command === undefined) throw new HubError("INTERNAL", "no command was encoded");
    return command;
  }

  /**
   * Sends `steps` to device `id` as one command, in order; resolves with the device commands sent.
   * Every step is checked first (a capability as {@link set}; a source command must be of the
   * device's source and one the device can take: checkSourceCommand), then the device's
   * availability; only then is anything sent (encode.ts encodeCommands: on Tasmota one message per
   * step, on Zigbee2MQTT one `/set` with every value). The broker refusing midway stops the rest.
   * @throws HubError as {@link set}; BAD_REQUEST for no steps; NOT_SUPPORTED for a source command
   *   the device cannot take.
   */
  async setMany(id: string, steps: readonly DeviceStep[]): Promise<DeviceCommand[]> {
    const { device, commands } = this.encode(id, steps);
    this.refuseOffline(device);
    await sendDeviceCommands(this.link, commands);
    return commands;
  }

  /**
   * Sends `steps` to device `id` as {@link setMany} does and resolves with what `answer` resolves
   * with: `answer` is called just before the first command goes out (so an answer that comes at once
   * is not missed), `sent` once every command went out, and the device stays busy until the answer
   * settles. One exchange per device at a time:
   * while one waits, another is refused (the device's plain commands still go).
   * @throws HubError as {@link setMany}; DEVICE_BUSY (an exchange of this device still waits; nothing
   *   is sent), checked after the steps and before the availability.
   */
  async exchange<T>(
    id: string,
    steps: readonly DeviceStep[],
    answer: () => Promise<T>,
    sent: () => void = () => undefined,
  ): Promise<T> {
    const { device, commands } = this.encode(id, steps);
    if (this.busy.has(device.id))
      throw new HubError("DEVICE_BUSY", "a console command of this device is still waiting for its answer");
    this.refuseOffline(device);
    this.busy.add(device.id);
    try {
      const waiting = answer();
      waiting.catch(() => undefined);
      await sendDeviceCommands(this.link, commands);
      sent();
      return await waiting;
    } finally {
      this.busy.delete(device.id);
    }
  }

  /** Device `id` and its commands for `steps`, each step checked (see {@link setMany}). */
  private encode(id: string, steps: readonly DeviceStep[]): { device: Device; commands: DeviceCommand[] } {
    const device = this.registry.get(id);
    if (!device) throw new HubError("NOT_FOUND", "no such device");
    if (steps.length === 0) throw new HubError("BAD_REQUEST", "nothing to set");
    const checked = steps.map((step): EncodableStep => {
      if ("source" in step) return { command: checkSourceCommand(device, step) };
      const capability = settableCapability(device, step);
      return { capability, value: checkValue(capability, step.value) };
    });
    return { device, commands: encodeCommands(device, checked) };
  }

  /** @throws HubError DEVICE_UNREACHABLE when the registry has `device` offline. */
  private refuseOffline(device: Device): void {
    if (device.availability === "offline")
      throw new HubError("DEVICE_UNREACHABLE", `the device ${device.name} is offline: nothing was sent`);
  }
}

/** Control characters, which no IR code contains. */
const CONTROL = /[\u0000-\u001f\u007f]/; // eslint-disable-line no-control-regex

/**
 * `command` when `device` can take it: it is of the device's source; a shutter command names the
 * endpoint `s<n>` of a cover whose state can be set; a light's `Power` needs a light on the device
 * and one of ON / OFF / TOGGLE; `IRSend` (a non-empty code without control characters) and `IRHVAC`
 * (a JSON object) need an IR transmitter (capability property `IRSend`); a console command must be
 * one line contract parseTasmotaConsoleLine reads as that same command and argument.
 * @throws HubError NOT_SUPPORTED (another source, not a shutter, no light, no IR transmitter),
 *   BAD_REQUEST (no such endpoint, a value outside the command's, `cmd: …` for a console line).
 */
function checkSourceCommand(device: Device, command: SourceCommand): SourceCommand {
  if (command.source !== device.source)
    throw new HubError("NOT_SUPPORTED", `${device.id} takes no ${command.source} command`);
  if (command.command === "IRSend" || command.command === "IRHVAC") {
    if (!settable(device.capabilities).some((item) => item.property === "IRSend"))
      throw new HubError("NOT_SUPPORTED", `${device.id} has no IR transmitter`);
    if (command.command === "IRSend" && (command.value === "" || CONTROL.test(command.value)))
      throw new HubError("BAD_REQUEST", "value: IRSend is a code without control characters");
    if (command.command === "IRHVAC" && (typeof command.value !== "object" || Array.isArray(command.value)))
      throw new HubError("BAD_REQUEST", "value: IRHVAC is a JSON object");
    return command;
  }
  if (command.command === "Console") {
    const line = command.arg === "" ? command.name : `${command.name} ${command.arg}`;
    const parsed = parseTasmotaConsoleLine(line);
    if (!parsed.ok) throw new HubError("BAD_REQUEST", `cmd: ${parsed.reason}`);
    if (parsed.command.name !== command.name || parsed.command.arg !== command.arg)
      throw new HubError("BAD_REQUEST", "cmd: not one console command as checked");
    return command;
  }
  if (command.command === "Power") {
    if (!device.capabilities.some((item) => item.type === "light"))
      throw new HubError("NOT_SUPPORTED", `${device.id} has no light`);
    if (!["ON", "OFF", "TOGGLE"].includes(command.value))
      throw new HubError("BAD_REQUEST", 'value: Power is one of "ON", "OFF", "TOGGLE"');
    return command;
  }
  const cover = settableCapability(device, { property: "state", endpoint: command.endpoint });
  if (!/^Shutter\d$/.test(cover.property ?? ""))
    throw new HubError("NOT_SUPPORTED", `${command.endpoint} of ${device.id} is not a shutter`);
  if (command.command === "ShutterLock" && typeof command.value !== "boolean")
    throw new HubError("BAD_REQUEST", "value: ShutterLock is true or false");
  return command;
}

/**
 * {@link findCapability}, when its `access` lets it be set.
 * @throws HubError as findCapability; NOT_SUPPORTED for a read-only capability.
 */
function settableCapability(device: Device, ref: CapabilityRef): Capability {
  const capability = findCapability(device, ref);
  if (((capability.access ?? 0) & ACCESS_SET) === 0)
    throw new HubError("NOT_SUPPORTED", `${capability.name ?? ref.property} of ${device.id} cannot be set`);
  return capability;
}
