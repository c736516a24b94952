import { HEATER_HYSTERESIS, type HeaterMode } from "../../contract/climate";

/** What the thermostat looks at. `current` null = no fresh reading; `relay` null = not known yet. */
export interface ThermostatInput {
  mode: HeaterMode;
  /** Target temperature, °C. */
  target: number;
  /** The controlling sensor's temperature, °C, or null when unknown or stale. */
  current: number | null;
  relay: "ON" | "OFF" | null;
  /** °C either side of the target (default {@link HEATER_HYSTERESIS}). */
  hysteresis?: number;
}

/**
 * The relay state the heater should have (a hub-side thermostat like Home Assistant's
 * generic_thermostat): `off` OFF, `on` ON; `auto` ON at or below target − hysteresis, OFF at or
 * above target + hysteresis, and in between whatever it is (null = leave it, so the relay does not
 * chatter around the target). With no fresh reading `auto` answers OFF (fail-safe: never heat blind).
 */
export function thermostatDecision({
  mode,
  target,
  current,
  relay,
  hysteresis = HEATER_HYSTERESIS,
}: ThermostatInput): "ON" | "OFF" | null {
  if (mode === "off") return "OFF";
  if (mode === "on") return "ON";
  if (current === null) return "OFF";
  if (current <= target - hysteresis) return "ON";
  if (current >= target + hysteresis) return "OFF";
  return relay === null ? null : relay;
}
