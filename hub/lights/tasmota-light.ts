import type { LightColor, LightColorMode, LightFeatures, LightState } from "../../contract/lights";
import type { DeviceStep } from "../devices/commands";
import { hexToRgb, hsToRgb, rgbToHex, xyToRgb, type Rgb } from "./color";
import type { LightCommand, LightColorCommand } from "./command";

/**
 * Tasmota lights (https://tasmota.github.io/docs/Lights/), pure: features from a light's
 * `tele/<t>/STATE` or `stat/<t>/RESULT` payload, its live state, and the commands a set body
 * becomes (`cmnd/<t>/Power`, `Dimmer`, `Color`, `CT`).
 */

/** Tasmota's `Dimmer` range (percent). */
export const TASMOTA_DIMMER = { min: 0, max: 100 } as const;
/** Tasmota's `CT` range in mired (153 = 6500 K .. 500 = 2000 K). */
export const TASMOTA_CT = { min: 153, max: 500 } as const;

/** The channel values of Tasmota's `Color`: hex (`FF8000`, `0000002B12`) or decimal (`0,0,0,43,18`, SetOption17 1). */
export function colorChannels(color: string): number[] | undefined {
  const text = color.trim();
  if (/^\d{1,3}(,\d{1,3})*$/.test(text)) return text.split(",").map(Number);
  const hex = text.replace(/^#/, "");
  if (/^([0-9a-fA-F]{2}){1,5}$/.test(hex)) return hex.match(/../g)?.map((pair) => parseInt(pair, 16));
  return undefined;
}

/**
 * A Tasmota light's capabilities from its STATE / RESULT: `Dimmer` -> brightness 0..100; `Color`
 * with 3 or more channels (RGB, RGBW, RGBWW) -> rgb; `CT` -> white 153..500 mired. Undefined when the
 * payload is not a light's (no `Dimmer`). `base` gives id, device, label and room.
 */
export function tasmotaLightFeatures(
  payload: Record<string, unknown>,
  base: Pick<LightFeatures, "id" | "device" | "label" | "room">,
): LightFeatures | undefined {
  if (typeof payload.Dimmer !== "number") return undefined;
  const channels = typeof payload.Color === "string" ? colorChannels(payload.Color) : undefined;
  return {
    ...base,
    source: "tasmota",
    brightness: { ...TASMOTA_DIMMER },
    rgb: (channels?.length ?? 0) >= 3,
    white: typeof payload.CT === "number" ? { ...TASMOTA_CT } : null,
    endpoint: null,
    endpoints: 1,
  };
}

/**
 * A Tasmota light's live state from its STATE / RESULT (spec §3): `POWER` (or `POWER1`) -> state,
 * `Dimmer` -> brightness, RGB channels of `Color` -> color (none while they are all 0, the white
 * mode), `HSBColor` hue/saturation, `CT` -> color_temp; color_mode `color_temp` when the RGB
 * channels are dark and `CT` is given, else `hs`. Undefined when it carries no light field.
 */
export function tasmotaLightState(payload: Record<string, unknown>): LightState | undefined {
  const power = payload.POWER ?? payload.POWER1;
  const state = power === "ON" || power === "OFF" ? power : null;
  const brightness = typeof payload.Dimmer === "number" ? payload.Dimmer : null;
  const colorTemp = typeof payload.CT === "number" ? payload.CT : null;
  const channels = typeof payload.Color === "string" ? colorChannels(payload.Color) : undefined;
  if (state === null && brightness === null && colorTemp === null && channels === undefined) return undefined;
  let color: LightColor | null = null;
  let mode: LightColorMode | null = colorTemp !== null ? "color_temp" : null;
  if (channels && channels.length >= 3) {
    const [r = 0, g = 0, b = 0] = channels;
    if (r + g + b > 0) {
      const max = Math.max(r, g, b);
      color = { hex: rgbToHex({ r: (r / max) * 255, g: (g / max) * 255, b: (b / max) * 255 }) };
      const hsb = typeof payload.HSBColor === "string" ? payload.HSBColor.split(",").map(Number) : [];
      if (hsb.length === 3 && hsb.every(Number.isFinite)) Object.assign(color, { hue: hsb[0], saturation: hsb[1] });
      mode = "hs";
    }
  }
  return { state, brightness, color, color_mode: mode, color_temp: colorTemp };
}

/** The RGB of any colour form of a set body. */
export function rgbOfCommand(color: LightColorCommand): Rgb {
  if ("hex" in color) return hexToRgb(color.hex) ?? { r: 255, g: 255, b: 255 };
  if ("x" in color) return xyToRgb(color.x, color.y);
  if ("hue" in color) return hsToRgb(color.hue, color.saturation);
  return { r: color.r, g: color.g, b: color.b };
}

/** One Tasmota command: `cmnd/<t>/<command>` with `payload`. */
export interface TasmotaCommand {
  command: "Power" | "Dimmer" | "Color" | "CT";
  payload: string;
}

/**
 * The Tasmota commands of a validated light command, in order Power, Dimmer, CT, Color:
 * `Power ON|OFF|TOGGLE`, `Dimmer <0..100>`, `CT <153..500>`, `Color <r>,<g>,<b>` (decimal, Tasmota's
 * `Color` accepts it for RGB(W)(W) lights).
 */
export function tasmotaCommands(command: LightCommand): TasmotaCommand[] {
  const out: TasmotaCommand[] = [];
  if (command.state !== undefined) out.push({ command: "Power", payload: command.state });
  if (command.brightness !== undefined) out.push({ command: "Dimmer", payload: String(command.brightness) });
  if (command.color_temp !== undefined) out.push({ command: "CT", payload: String(command.color_temp) });
  if (command.color !== undefined) {
    const { r, g, b } = rgbOfCommand(command.color);
    out.push({ command: "Color", payload: [r, g, b].map((c) => Math.round(Math.min(255, Math.max(0, c)))).join(",") });
  }
  return out;
}

/**
 * The device steps of a validated command, in the order of {@link tasmotaCommands}: `Power` as
 * Tasmota's own light power command (devices/encode.ts TasmotaLightPower), `Dimmer`, `CT` and `Color`
 * as the light's brightness, color_temp and color capabilities (devices/tasmota-describe.ts), for
 * devices/commands.ts DeviceCommands.setMany.
 */
export function tasmotaSteps(command: LightCommand): DeviceStep[] {
  return tasmotaCommands(command).map(({ command: name, payload }): DeviceStep => {
    if (name === "Power") return { source: "tasmota", command: "Power", value: command.state ?? "TOGGLE" };
    return { property: name, value: name === "Color" ? payload : Number(payload) };
  });
}
