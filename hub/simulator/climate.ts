import { TASMOTA_CMND, tasmotaStatTopic, tasmotaTeleTopic } from "../../contract/topics";
import type { DeviceMessage, SimDevice } from "./devices";

/** IRHVAC modes and fan speeds as Tasmota prints them (IRremoteESP8266 stdAc names). */
const MODES = ["Off", "Auto", "Cool", "Heat", "Dry", "Fan"] as const;
const FAN_SPEEDS = ["Auto", "Min", "Low", "Medium", "High", "Max"] as const;

/** `value` (any case) as one of `names`, else undefined. */
function named(names: readonly string[], value: unknown): string | undefined {
  return typeof value === "string" ? names.find((name) => name.toLowerCase() === value.toLowerCase()) : undefined;
}

/** `On`/`Off` of a Tasmota boolean field (`On`, `on`, true, 1 ...), else `fallback`. */
function onOff(value: unknown, fallback: "On" | "Off"): "On" | "Off" {
  if (value === true || value === 1) return "On";
  if (value === false || value === 0) return "Off";
  return (named(["On", "Off"], value) as "On" | "Off" | undefined) ?? fallback;
}

/**
 * The state a Tasmota IR blaster reports after `IRHVAC <json>` (fixture result_irhvac.json: the
 * command's state normalised): Vendor upper-cased, values capitalised, a mode it does not know
 * (`Hot`) as `Auto`, FanSpeed 0..5 as its name (3 = `Medium`), the other fields at their defaults.
 * Undefined when the JSON has no Vendor (Tasmota answers an error then).
 */
export function irhvacEcho(command: Record<string, unknown>): Record<string, string | number> | undefined {
  const vendor = command.Vendor;
  if (typeof vendor !== "string" || !/^[A-Za-z0-9_]{1,64}$/.test(vendor)) return undefined;
  const fan = command.FanSpeed;
  const temp = typeof command.Temp === "number" && Number.isFinite(command.Temp) ? command.Temp : 21;
  return {
    Vendor: vendor.toUpperCase(),
    Model: -1,
    Power: onOff(command.Power, "Off"),
    Mode: named(MODES, command.Mode) ?? "Auto",
    Celsius: onOff(command.Celsius, "On"),
    Temp: temp,
    FanSpeed:
      typeof fan === "number" && Number.isInteger(fan) && fan >= 0 && fan <= 5
        ? (FAN_SPEEDS[fan] ?? "Auto")
        : (named(FAN_SPEEDS, fan) ?? "Auto"),
    SwingV: "Off",
    SwingH: "Off",
    Quiet: "Off",
    Turbo: "Off",
    Econo: "Off",
    Light: "Off",
    Filter: "Off",
    Clean: "Off",
    Beep: "Off",
    Sleep: -1,
  };
}

/**
 * A Tasmota IR blaster (the demo's air conditioning): publishes `tele/<t>/LWT` Online on
 * its first tick and answers `cmnd/<t>/IRHVAC` `{json}` with `stat/<t>/RESULT` `{"IRHVAC":{...}}`
 * exactly as the fixture shows ({@link irhvacEcho}); bad JSON or no Vendor answers
 * `{"IRHVAC":"Invalid JSON"}` / `{"IRHVAC":"Wrong Vendor"}`, other commands `{"Command":"Unknown"}`.
 */
export function tasmotaHvacBlaster(name: string): SimDevice {
  let first = true;
  const result = (body: unknown): DeviceMessage[] => [
    { topic: tasmotaStatTopic(name, "RESULT"), payload: JSON.stringify(body), retain: false },
  ];
  return {
    name,
    tick() {
      if (!first) return [];
      first = false;
      return [{ topic: tasmotaTeleTopic(name, "LWT"), payload: "Online", retain: true }];
    },
    commandFilters: [`${TASMOTA_CMND}/${name}/#`],
    command(topic, payload) {
      const command = topic.slice(`${TASMOTA_CMND}/${name}/`.length).toUpperCase();
      if (command !== "IRHVAC") return result({ Command: "Unknown" });
      let json: unknown;
      try {
        json = JSON.parse(payload);
      } catch {
        return result({ IRHVAC: "Invalid JSON" });
      }
      if (typeof json !== "object" || json === null || Array.isArray(json)) return result({ IRHVAC: "Invalid JSON" });
      const echo = irhvacEcho(json as Record<string, unknown>);
      return result(echo ? { IRHVAC: echo } : { IRHVAC: "Wrong Vendor" });
    },
  };
}
