/** A colour as the body may give it (spec §7 free form; the forms Zigbee2MQTT accepts on `/set`). */
export type LightColorCommand =
  | { hex: string }
  | { x: number; y: number }
  | { hue: number; saturation: number }
  | { r: number; g: number; b: number };

/** One light's validated command (validate.ts): only what the light supports, each value in range. */
export interface LightCommand {
  state?: "ON" | "OFF" | "TOGGLE";
  brightness?: number;
  color?: LightColorCommand;
  /** Mired. */
  color_temp?: number;
}
