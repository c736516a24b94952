import {
  AC_FAN_SPEEDS,
  AC_MODES,
  type AcBody,
  type AcFanSpeed,
  type AcMode,
  type AcStatePayload,
} from "../../contract/climate";
import { asObject, ownField, type JsonObject } from "../bridge/guards";
import type { AcUnit } from "../household/schema";

/** What the hub knows of a unit's state (the `ac/<id>` payload's device fields). */
export type AcKnownState = Pick<AcStatePayload, "mode" | "targetTemperature" | "power" | "fanSpeed">;

/** The IRHVAC JSON sent as `cmnd/<t>/IRHVAC` (Tasmota-IR docs; fixture cmnd_irhvac.json). */
export type IrhvacCommand = {
  Vendor: string;
  Power: "On" | "Off";
  Mode: AcMode;
  FanSpeed: AcFanSpeed;
  Celsius: "On";
  Temp: number;
};

/** Defaults for what a unit never reported: Auto, 22 °C, fan Auto. */
const DEFAULT_MODE: AcMode = "Auto";
const DEFAULT_TEMPERATURE = 22;

/**
 * The IRHVAC command of a change: an IR remote sends the whole state every time, so the
 * command is the unit's last known state (`last`, null = nothing known: Auto, 22 °C, fan Auto) with
 * `change` applied. Mode `Off` is `Power: "Off"` (the mode is kept as Off, as IRremoteESP8266's
 * opmode kOff); any other mode powers the unit on. A temperature-only change keeps the mode
 * (an Off unit stays off). Always `Celsius: "On"`.
 */
export function irhvacCommand(unit: Pick<AcUnit, "vendor">, last: AcKnownState | null, change: AcBody): IrhvacCommand {
  const mode = change.mode ?? last?.mode ?? DEFAULT_MODE;
  return {
    Vendor: unit.vendor,
    Power: mode === "Off" ? "Off" : "On",
    Mode: mode,
    FanSpeed: last?.fanSpeed ?? "Auto",
    Celsius: "On",
    Temp: change.targetTemperature ?? last?.targetTemperature ?? DEFAULT_TEMPERATURE,
  };
}

/** `value` matched case-insensitively against `names` (Tasmota answers `Cool`, a received frame `cool`). */
function named<T extends string>(names: readonly T[], value: unknown): T | undefined {
  if (typeof value !== "string") return undefined;
  const lower = value.toLowerCase();
  return names.find((name) => name.toLowerCase() === lower);
}

/** `On`/`Off` (any case; also true/false) as `On`/`Off`. */
function onOff(value: unknown): "On" | "Off" | undefined {
  if (value === true) return "On";
  if (value === false) return "Off";
  return named(["On", "Off"] as const, value);
}

/** °F to °C rounded to 0.5 (IRHVAC with `Celsius: "Off"` carries Fahrenheit). */
export function fahrenheitToCelsius(fahrenheit: number): number {
  return Math.round((((fahrenheit - 32) * 5) / 9) * 2) / 2;
}

/** A unit's state read from an IRHVAC object, with the vendor it names. */
export type IrhvacState = AcKnownState & { vendor: string };

/**
 * Reads an IRHVAC object as Tasmota reports it, in `stat/<t>/RESULT` `{"IRHVAC":{...}}` after a
 * command (fixture result_irhvac.json: values capitalised) or in `IrReceived.IRHVAC` when the
 * blaster hears the unit's own remote (result_irreceived_hvac_coolix.json: lower case). `Temp` in °F
 * when `Celsius` is `Off` becomes °C. Power off reads as mode `Off`. An unknown fan speed reads as
 * null. Answers a reason string for a bad object (no Vendor, Power, a mode not among AC_MODES, a
 * Temp that is not a number).
 */
export function readIrhvac(irhvac: JsonObject): IrhvacState | string {
  const vendor = ownField(irhvac, "Vendor");
  if (typeof vendor !== "string" || vendor.length === 0 || vendor.length > 64) return "IRHVAC has no Vendor";
  const power = onOff(ownField(irhvac, "Power"));
  if (!power) return "IRHVAC Power is not On/Off";
  const mode = named(AC_MODES, ownField(irhvac, "Mode"));
  if (!mode) return "IRHVAC Mode is not one of Off, Auto, Cool, Heat, Dry, Fan";
  const temp = ownField(irhvac, "Temp");
  if (typeof temp !== "number" || !Number.isFinite(temp)) return "IRHVAC Temp is not a number";
  const celsius = onOff(ownField(irhvac, "Celsius")) ?? "On";
  return {
    vendor,
    power,
    mode: power === "Off" ? "Off" : mode,
    targetTemperature: celsius === "Off" ? fahrenheitToCelsius(temp) : temp,
    fanSpeed: named(AC_FAN_SPEEDS, ownField(irhvac, "FanSpeed")) ?? null,
  };
}

/** The IRHVAC object of a Tasmota RESULT: `{"IRHVAC":{..}}` or `{"IrReceived":{..,"IRHVAC":{..}}}`; undefined if none. */
export function irhvacOf(result: JsonObject): { irhvac: JsonObject; received: boolean } | undefined {
  const direct = asObject(ownField(result, "IRHVAC"));
  if (direct) return { irhvac: direct, received: false };
  const frame = asObject(ownField(result, "IrReceived"));
  const inFrame = frame ? asObject(ownField(frame, "IRHVAC")) : undefined;
  return inFrame ? { irhvac: inFrame, received: true } : undefined;
}
