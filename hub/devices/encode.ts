import type { Capability, Device } from "../../contract/devices";
import { tasmotaCommandTopic, zigbee2mqttTopic } from "../../contract/topics";
import type { DeviceCommand } from "../broker/commands";
import { HubError } from "../core/errors";

/** A value a capability is set to: a binary's or enum's value, a number, a text, or a composite's `{feature: value}`. */
export type CapabilityValue = string | number | boolean | Readonly<Record<string, number | string>>;

const SHUTTER_ACTION: Readonly<Record<string, string>> = {
  OPEN: "ShutterOpen",
  CLOSE: "ShutterClose",
  STOP: "ShutterStop",
};
/** Tasmota's `Color` argument: hex channels (`FF8000`, `#0000002B12`) or 3..5 decimal channels (`255,128,0`). */
const TASMOTA_COLOR = /^(#?[0-9A-Fa-f]{6,10}|\d{1,3}(,\d{1,3}){2,4})$/;

/**
 * The Tasmota command that sets `capability` (tasmota-describe.ts describes them) of `device` to `value`
 * (already validated against it): relay `state` (property `POWER`/`POWER<n>`) -> `cmnd/<t>/POWER<n>`
 * `ON`/`OFF`/`TOGGLE`; light `brightness` -> `Dimmer <n>`, `color_temp` -> `CT <n>`, `color` ->
 * `Color <hex|r,g,b>`; cover `state` (property `Shutter<n>`) -> `ShutterOpen<n>` / `ShutterClose<n>` /
 * `ShutterStop<n>` with an empty payload, `position` -> `ShutterPosition<n> <0..100>`; an IR
 * transmitter's `ir_code_to_send` (property `IRSend`) -> `IRSend <code>`.
 * @throws HubError BAD_REQUEST for a colour Tasmota does not read, NOT_SUPPORTED for anything else.
 */
export function tasmotaCommand(device: Device, capability: Capability, value: CapabilityValue): DeviceCommand {
  const property = capability.property ?? "";
  const topic = (command: string) => tasmotaCommandTopic(device.name, command);
  if (/^POWER\d{0,2}$/.test(property)) return { topic: topic(property), payload: String(value) };
  if (property === "Dimmer" || property === "CT" || property === "IRSend")
    return { topic: topic(property), payload: String(value) };
  if (property === "Color") {
    if (typeof value !== "string" || !TASMOTA_COLOR.test(value))
      throw new HubError("BAD_REQUEST", "value: a colour is hex channels (FF8000) or r,g,b");
    return { topic: topic("Color"), payload: value };
  }
  const shutter = /^Shutter(\d)(\.Position)?$/.exec(property);
  if (shutter?.[1] !== undefined) {
    if (shutter[2] !== undefined) return { topic: topic(`ShutterPosition${shutter[1]}`), payload: String(value) };
    const action = SHUTTER_ACTION[String(value)];
    if (action) return { topic: topic(`${action}${shutter[1]}`), payload: "" };
  }
  throw new HubError("NOT_SUPPORTED", `${device.id} has no Tasmota command for ${property}`);
}

/**
 * The Zigbee2MQTT command that sets `capability` of `device`: `zigbee2mqtt/<friendly_name>/set`
 * with `{"<property>": value}`, the property as the definition names it (endpoint-suffixed:
 * `{"state_l2":"ON"}`).
 */
export function zigbee2mqttCommand(device: Device, capability: Capability, value: CapabilityValue): DeviceCommand {
  const property = capability.property;
  if (property === undefined) throw new HubError("NOT_SUPPORTED", `${device.id}: this capability has no property`);
  return { topic: zigbee2mqttTopic(device.name, "set"), payload: JSON.stringify({ [property]: value }) };
}

/** The command of `device`'s source that sets `capability` to `value`. */
export function encodeCommand(device: Device, capability: Capability, value: CapabilityValue): DeviceCommand {
  return device.source === "tasmota"
    ? tasmotaCommand(device, capability, value)
    : zigbee2mqttCommand(device, capability, value);
}

/**
 * A Tasmota shutter command outside the exposes vocabulary (xdrv_27_shutter), on the shutter of the
 * cover with endpoint `s<n>`: `ShutterToggle` is `cmnd/<t>/ShutterToggle<n>` with an empty payload
 * (moves the other way than last, or stops a moving shutter); `ShutterLock` is `cmnd/<t>/ShutterLock<n>`
 * `1` (the shutter ignores every move while locked) or `0` (unlocked).
 */
export type TasmotaShutterCommand =
  | { source: "tasmota"; command: "ShutterToggle"; endpoint: string }
  | { source: "tasmota"; command: "ShutterLock"; endpoint: string; value: boolean };

/**
 * Tasmota's `Power` command on a light device: `cmnd/<t>/Power` `ON` / `OFF` / `TOGGLE` (no index: the
 * first power channel, the light's own on a light device). The hub sends a light's power this way, and
 * a relay's as its capability (`POWER<n>`); Tasmota reads command names in any case.
 */
export type TasmotaLightPower = { source: "tasmota"; command: "Power"; value: "ON" | "OFF" | "TOGGLE" };

/**
 * Tasmota-IR's commands on a device with an IR transmitter (tasmota.github.io/docs/Tasmota-IR):
 * `IRSend` is `cmnd/<t>/IRSend` with `value` as its payload, the code's JSON as written
 * (`{"protocol": "NEC","bits": 32, "data": 0x20DF10EF}`); `IRHVAC` is `cmnd/<t>/IRHVAC` with the JSON
 * of `value` (`{"Vendor":"COOLIX","Power":"On","Mode":"Cool",...}`, keys in their order).
 */
export type TasmotaIrCommand =
  | { source: "tasmota"; command: "IRSend"; value: string }
  | { source: "tasmota"; command: "IRHVAC"; value: Readonly<Record<string, unknown>> };

/**
 * One Tasmota console command (docs/contract.md "Tasmota console"): `cmnd/<t>/<name>` with `arg` as
 * its payload, one message as the console line was checked (contract parseTasmotaConsoleLine; a
 * `Backlog` line is the one command `Backlog` whose argument holds its steps; the hub never splits it).
 */
export type TasmotaConsoleCommand = { source: "tasmota"; command: "Console"; name: string; arg: string };

/** A source's own command, sent through the same checked path as capability values (devices/commands.ts). */
export type SourceCommand = TasmotaShutterCommand | TasmotaLightPower | TasmotaIrCommand | TasmotaConsoleCommand;

/** One checked step of a device command: a capability and its value, or a source's own command. */
export type EncodableStep = { capability: Capability; value: CapabilityValue } | { command: SourceCommand };

/** The Tasmota command of a {@link SourceCommand} (already checked: devices/commands.ts checkSourceCommand). */
function tasmotaSourceCommand(device: Device, command: SourceCommand): DeviceCommand {
  const named = (name: string, payload: string) => ({ topic: tasmotaCommandTopic(device.name, name), payload });
  if (command.command === "Power" || command.command === "IRSend") return named(command.command, command.value);
  if (command.command === "IRHVAC") return named("IRHVAC", JSON.stringify(command.value));
  if (command.command === "Console") return named(command.name, command.arg);
  const topic = tasmotaCommandTopic(device.name, `${command.command}${command.endpoint.slice(1)}`);
  return command.command === "ShutterLock" ? { topic, payload: command.value ? "1" : "0" } : { topic, payload: "" };
}

/**
 * The commands of `device`'s source for `steps`, in order: on Tasmota one command per step
 * ({@link tasmotaCommand}, {@link TasmotaShutterCommand}, {@link TasmotaLightPower}); on Zigbee2MQTT one `zigbee2mqtt/<name>/set`
 * whose object has each step's property in the order given (a later step of the same property wins).
 * @throws HubError NOT_SUPPORTED for a source command of another source, as {@link tasmotaCommand}.
 */
export function encodeCommands(device: Device, steps: readonly EncodableStep[]): DeviceCommand[] {
  if (device.source === "tasmota")
    return steps.map((step) =>
      "command" in step
        ? tasmotaSourceCommand(device, step.command)
        : tasmotaCommand(device, step.capability, step.value),
    );
  const payload: Record<string, CapabilityValue> = {};
  for (const step of steps) {
    if ("command" in step) throw new HubError("NOT_SUPPORTED", `${device.id} takes no ${step.command.source} command`);
    const property = step.capability.property;
    if (property === undefined) throw new HubError("NOT_SUPPORTED", `${device.id}: this capability has no property`);
    payload[property] = step.value;
  }
  return [{ topic: zigbee2mqttTopic(device.name, "set"), payload: JSON.stringify(payload) }];
}
